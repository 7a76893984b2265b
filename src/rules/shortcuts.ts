// 730.2 (732.2 in 2026 editions; the project writes the September 2025 numbers): standing
// passes — a player's own part of a shortcut, announced
// in advance ("I pass until your end step unless someone casts something"). While a side's pass
// holds, each time it would receive priority it passes at once, recorded as any pass (117.3d);
// the pass ends where its `until` (or a stop) says, early when an `unless` condition happens,
// when replaced or cancelled, and — after 1000 automatic passes with no decision by hand — all
// passes end (the bound). It never declares or orders for a player unless it says so.
import {
  SHORTCUT_CONDITIONS, senderOf, untilInWords,
  type EventOfType, type PhaseId, type PlayerId, type ShortcutEndReason, type ShortcutView, type StepId, type WaitingFor,
} from '../vocabulary/index.js';
import { cite } from './citations.js';
import { controllerOfSide } from './control.js';
import { record, type Draft } from './draft.js';
import type { Refusal } from './legality.js';
import { actingAs, playersOf, sideOf, sidesFrom, teamOfRecord } from './sides.js';
import type { GameContext, ShortcutState, StackObject, StandingPass } from './types.js';

/** The rule standing passes cite, in the project's numbers (730.2 in September 2025; 732.2 in 2026 editions: `cite`). */
export const SHORTCUT_RULE = '730.2';

/** 730.2: FORMAT "Standing passes", Bound: automatic passes in a row, with no decision by hand between them, before every pass ends. */
export const AUTOMATIC_PASS_BOUND = 1000;

/** A side in words: a player, or "team A+B". */
const named = (ctx: GameContext, side: string) => (ctx.teams === null ? side : `team ${side}`);

const hasAny = (passes: Record<string, StandingPass>): boolean => {
  for (const side in passes) if (Object.hasOwn(passes, side)) return true;
  return false;
};

/**
 * `side`'s standing pass in force, if it holds now: while another player controls the side (722.5),
 * only a pass that controller set holds (one the player set is suspended until the control ends).
 */
export function standingPassOf(ctx: GameContext, side: string): StandingPass | undefined {
  const passes = ctx.shortcuts.passes;
  if (!Object.hasOwn(passes, side)) return undefined;
  const pass = passes[side];
  const controller = controllerOfSide(ctx, side);
  if (controller === null || playersOf(ctx, side).includes(controller)) return pass;
  return pass.by === controller ? pass : undefined;
}

/** 722.1: a control ends: the pass its controller set for the side ends with it (`controlEnded`); the player's own holds again. */
export function endShortcutsSetBy(draft: Draft, side: string, controller: PlayerId): void {
  const passes = draft.ctx.shortcuts.passes;
  if (Object.hasOwn(passes, side) && passes[side].by === controller && !playersOf(draft.ctx, side).includes(controller)) {
    endShortcutOf(draft, side, 'controlEnded');
  }
}

/** 730.2: the priority holder's standing pass holds, and the bound is not reached: they pass at once. */
export function holdsStandingPass(ctx: GameContext): boolean {
  const holder = ctx.priority.holder;
  return holder !== null && !ctx.shortcuts.raised && ctx.shortcuts.run < AUTOMATIC_PASS_BOUND && standingPassOf(ctx, holder) !== undefined;
}

/** 730.2: the holder's pass would pass, but the bound is reached: every standing pass ends, the holder holds priority. */
export function isAutomaticPassBound(ctx: GameContext): boolean {
  const holder = ctx.priority.holder;
  return holder !== null && !ctx.shortcuts.raised && ctx.shortcuts.run >= AUTOMATIC_PASS_BOUND && standingPassOf(ctx, holder) !== undefined;
}

/** 730.2: the pass of the side the game waits for to declare attackers declares none for it. */
export function declaresNoAttackersByStandingPass(ctx: GameContext): boolean {
  return !ctx.shortcuts.raised && standingPassOf(ctx, ctx.activeSide)?.declareNoAttackers === true;
}

/** 730.2: the pass of the defending side whose declaration the game waits for declares no blockers for it. */
export function declaresNoBlockersByStandingPass(ctx: GameContext): boolean {
  const defender = ctx.defendersToDeclare[0];
  return defender !== undefined && !ctx.shortcuts.raised && standingPassOf(ctx, defender)?.declareNoBlockers === true;
}

/** A change of the standing passes (a copy: past snapshots keep theirs). */
function change(draft: Draft, next: Partial<ShortcutState>): void {
  draft.ctx.shortcuts = { ...draft.ctx.shortcuts, ...next };
}

function without<T>(map: Record<string, T>, key: string): Record<string, T> {
  if (!Object.hasOwn(map, key)) return map;
  const copy = { ...map };
  delete copy[key];
  return copy;
}

/**
 * 730.2: ends `side`'s standing pass (recorded `shortcutEnded`), if it has one: the one function the
 * other ends call — and the one issue 18 calls when a player leaves (`leftGame`) or a control
 * ends (`controlEnded`). `who` is a player or a side.
 */
export function endShortcutOf(draft: Draft, who: string, reason: ShortcutEndReason, object?: string): void {
  const { ctx } = draft;
  const side = sideOf(ctx, who);
  const pass = standingPassOf(ctx, side);
  if (pass === undefined) return;
  const ended = { ...ctx.shortcuts.ended, [side]: { reason, until: pass.until, ...(object !== undefined && { object }) } };
  change(draft, { passes: without(ctx.shortcuts.passes, side), ended });
  record(draft, { type: 'shortcutEnded', player: pass.player, ...teamOfRecord(ctx, side), reason });
}

/** Ends the passes of the sides `ends` selects, APNAP from the active side (101.4): one moment, one order. */
function endWhere(draft: Draft, reason: ShortcutEndReason | ((pass: StandingPass, side: string) => ShortcutEndReason | null), object?: string): void {
  const { ctx } = draft;
  if (!hasAny(ctx.shortcuts.passes)) return;
  for (const side of sidesFrom(ctx, ctx.activeSide)) {
    const pass = standingPassOf(ctx, side);
    if (pass === undefined) continue;
    const why = typeof reason === 'function' ? reason(pass, side) : reason;
    if (why !== null) endShortcutOf(draft, side, why, object);
  }
}

/**
 * 730.2: a player decided something by hand (passed, cast, activated, declared, ordered, set or
 * cancelled a pass): the run of automatic passes starts again, and that side's last ended pass
 * is no longer why the game waits for it.
 */
export function decidedByHand(draft: Draft, who: string): void {
  const { ctx } = draft;
  const { shortcuts } = ctx;
  const side = sideOf(ctx, who);
  if (shortcuts.run === 0 && !Object.hasOwn(shortcuts.ended, side)) return;
  change(draft, { run: 0, ended: without(shortcuts.ended, side) });
}

/** Why a pass event is refused now, or null, once refusalOf's checks for every player event passed (the game over or the player left, 800.4; sent by whoever decides, 722.5). */
export function shortcutRefusal(ctx: GameContext, event: EventOfType<'shortcut.passUntil'> | EventOfType<'shortcut.cancel'>): Refusal | null {
  // (who may send it, 722.5, and whether the side is still in the game, 800.4a: refusalOf asks first)
  const { side } = actingAs(ctx, event.player);
  if (event.type === 'shortcut.cancel' && standingPassOf(ctx, side) === undefined) {
    return { reason: `${named(ctx, side)} has no standing pass to cancel`, rule: cite(ctx, SHORTCUT_RULE) };
  }
  return null;
}

/** 732.2a: `player`'s (team's) standing pass, in force from now (replacing an earlier one: `replaced`). */
export function setShortcut(draft: Draft, event: EventOfType<'shortcut.passUntil'>): void {
  const { ctx } = draft;
  const { side, player } = actingAs(ctx, event.player);
  decidedByHand(draft, side);
  endShortcutOf(draft, side, 'replaced');
  const pass: StandingPass = {
    player,
    until: { ...event.until },
    unless: [...(event.unless ?? SHORTCUT_CONDITIONS)],
    declareNoAttackers: event.declareNoAttackers === true,
    declareNoBlockers: event.declareNoBlockers === true,
    stops: (event.stops ?? []).map((stop) => ({ ...stop })),
    // who sent it: the player, a teammate, or their controller (722.5)
    by: senderOf(event) ?? player,
  };
  change(draft, { passes: { ...ctx.shortcuts.passes, [side]: pass } });
  record(draft, { type: 'shortcutSet', player, ...teamOfRecord(ctx, side), until: { ...pass.until }, by: pass.by });
}

/** 732.2: the player chooses again from now on (`cancelled`). */
export function cancelShortcut(draft: Draft, event: EventOfType<'shortcut.cancel'>): void {
  decidedByHand(draft, event.player);
  endShortcutOf(draft, event.player, 'cancelled');
}

/**
 * 117.3d, 732.2: the holder passes by their standing pass — the very pass a player sends by hand:
 * this counts it (the bound) and marks it raised; the chart then raises `standingPassEvent`, which
 * the holding state takes as any `priority.pass` (its guards, its records).
 */
export function passByStandingPass(draft: Draft): void {
  change(draft, { run: draft.ctx.shortcuts.run + 1, raised: true });
}

/** 730.2: a declaration a standing pass makes is raised as the event a player would send (see passByStandingPass). */
export function declareByStandingPass(draft: Draft): void {
  change(draft, { raised: true });
}

/**
 * 730.2: the events a standing pass raises: a pass, a declaration of no attackers or of no blockers, as its
 * player would send them (`standing` marks them), sent by who set the pass (722.5: their controller, if it was).
 */
export function standingPassEvent(ctx: GameContext) {
  const pass = standingPassOf(ctx, ctx.priority.holder!)!;
  return { type: 'priority.pass' as const, player: pass.player, by: pass.by, standing: true as const };
}
export function standingNoAttackersEvent(ctx: GameContext) {
  const pass = standingPassOf(ctx, ctx.activeSide)!;
  return { type: 'combat.declareAttackers' as const, player: pass.player, by: pass.by, attackers: [] as never[], standing: true as const };
}
export function standingNoBlockersEvent(ctx: GameContext) {
  const pass = standingPassOf(ctx, ctx.defendersToDeclare[0])!;
  return { type: 'combat.declareBlockers' as const, player: pass.player, by: pass.by, blockers: [] as never[], standing: true as const };
}

/** 730.2: the raised pass or declaration is being taken: nothing is raised any more (and the run of automatic passes goes on). */
export function actedByStandingPass(draft: Draft): void {
  if (draft.ctx.shortcuts.raised) change(draft, { raised: false });
}

/** 730.2: the bound: every standing pass ends (`loopGuard`); whoever receives priority now holds it. */
export function endShortcutsByLoopGuard(draft: Draft): void {
  endWhere(draft, 'loopGuard');
  change(draft, { run: 0 });
}

/** Whether `who` (a player or side, as `turnOf` names it) takes the current turn. */
const isTurnOfSide = (ctx: GameContext, who: string) => sideOf(ctx, who) === ctx.activeSide;

/**
 * 730.2: a spell or ability was put on the stack (right after its `putOnStack`): `opponentCasts`,
 * `opponentActivates` (another player's; with teams, a player of another team), `ownTrigger`
 * (a triggered ability the pass's side controls) end passes that list them.
 */
export function endShortcutsOnStack(draft: Draft, object: StackObject): void {
  const { ctx } = draft;
  if (!hasAny(ctx.shortcuts.passes)) return;
  const controller = sideOf(ctx, object.controller);
  const condition = object.kind === 'spell' ? 'opponentCasts' : object.type === 'triggered' ? 'ownTrigger' : 'opponentActivates';
  endWhere(draft, (pass, side) => {
    const applies = condition === 'ownTrigger' ? side === controller : side !== controller;
    return applies && pass.unless.includes(condition) ? condition : null;
  }, object.id);
}

/** Whether a stop of `side`'s pass is at this beginning. */
function stopsHere(ctx: GameContext, pass: StandingPass, side: string, kind: 'step' | 'phase', what: StepId | PhaseId): boolean {
  return pass.stops.some((stop) => stop[kind] === what
    && (stop.whose === undefined || (stop.whose === 'own') === (side === ctx.activeSide)));
}

/** 730.2: a step or phase began (right after its `stepBegan` / `phaseBegan`): passes until it (in that turn) end, and passes with a stop there. */
export function endShortcutsAtBeginningOf(draft: Draft, kind: 'step' | 'phase', what: StepId | PhaseId): void {
  const { ctx } = draft;
  if (!hasAny(ctx.shortcuts.passes)) return;
  endWhere(draft, (pass, side) => {
    const { until } = pass;
    if (until[kind] === what && (until.turnOf === undefined || isTurnOfSide(ctx, until.turnOf))) return 'until';
    return stopsHere(ctx, pass, side, kind, what) ? 'stop' : null;
  });
}

/** A turn began (right after its `turnBegan`): passes until this side's next turn end (500.7: an extra turn counts). */
export function endShortcutsAtTurnBegan(draft: Draft): void {
  endShortcutsAtTurnOf(draft, draft.ctx.activeSide);
}

/** Passes until `side`'s next turn end there (also where a departed player's turn would have begun, 800.4m: issue 18 calls this). */
export function endShortcutsAtTurnOf(draft: Draft, side: string): void {
  const { ctx } = draft;
  if (!hasAny(ctx.shortcuts.passes)) return;
  endWhere(draft, (pass) => (pass.until.nextTurnOf !== undefined && sideOf(ctx, pass.until.nextTurnOf) === side ? 'until' : null));
}

/** 730.2: the turn ends (just before its `turnEnded`): passes until end of turn end. */
export function endShortcutsAtEndOfTurn(draft: Draft): void {
  if (!hasAny(draft.ctx.shortcuts.passes)) return;
  endWhere(draft, (pass) => (pass.until.endOfTurn === true ? 'until' : null));
}

/** 730.2: VIEW `shortcuts`: each side's pass in force (null for none); with teams each player too, as their team's. */
export function shortcutsView(ctx: GameContext): Record<string, ShortcutView | null> {
  // (most of a game has no standing pass: then every entry is null, and nothing is looked up)
  if (!hasAny(ctx.shortcuts.passes)) return { ...noPassesView(ctx) };
  const out: Record<string, ShortcutView | null> = {};
  for (const side of ctx.sides) out[side] = shortcutViewOf(ctx, side);
  if (ctx.teams !== null) for (const player of ctx.players) out[player] = shortcutViewOf(ctx, sideOf(ctx, player));
  return out;
}

/** VIEW `shortcuts` with no pass in force, as last made, and the context fields it was made from. */
let lastNoPasses: { of: Pick<GameContext, 'sides' | 'teams' | 'players'>; view: Readonly<Record<string, null>> } | null = null;

/**
 * VIEW `shortcuts` when no pass is in force: null for each side (with teams, each player too).
 * Made of fields the rules only ever replace (draft.ts `REPLACED`): kept while they are the same
 * objects (`shortcutsView` hands out a copy).
 */
function noPassesView(ctx: GameContext): Readonly<Record<string, null>> {
  const last = lastNoPasses;
  if (last !== null && last.of.sides === ctx.sides && last.of.teams === ctx.teams && last.of.players === ctx.players) return last.view;
  const view: Record<string, null> = {};
  for (const side of ctx.sides) view[side] = null;
  if (ctx.teams !== null) for (const player of ctx.players) view[player] = null;
  lastNoPasses = { of: { sides: ctx.sides, teams: ctx.teams, players: ctx.players }, view };
  return view;
}

/** 730.2: `side`'s standing pass in force as VIEW `shortcuts` shows it (copies), or null. */
function shortcutViewOf(ctx: GameContext, side: string): ShortcutView | null {
  const pass = standingPassOf(ctx, side);
  if (pass === undefined) return null;
  return {
    until: { ...pass.until },
    unless: [...pass.unless],
    ...(pass.declareNoAttackers && { declareNoAttackers: true as const }),
    ...(pass.declareNoBlockers && { declareNoBlockers: true as const }),
    ...(pass.stops.length > 0 && { stops: pass.stops.map((stop) => ({ ...stop })) }),
  };
}

const REASON_WORDS: Record<ShortcutEndReason, string> = {
  until: 'reached its end', opponentCasts: 'ended because an opponent cast a spell', opponentActivates: 'ended because an opponent activated an ability',
  ownTrigger: 'ended because its own triggered ability went on the stack', replaced: 'was replaced', cancelled: 'was cancelled',
  leftGame: 'ended when the player left the game', controlEnded: 'ended with the control that set it',
  loopGuard: `ended after ${AUTOMATIC_PASS_BOUND} automatic passes in a row (the bound)`, stop: 'reached a stop',
};

const WAIT_RULES: Record<Exclude<WaitingFor, null>, string> = { priority: '117.3', declareAttackers: '508.1', declareBlockers: '509.1', orderTriggers: '603.3b' };
const WAIT_WORDS: Record<Exclude<WaitingFor, null>, string> = {
  priority: 'holds priority', declareAttackers: 'declares attackers', declareBlockers: 'declares blockers', orderTriggers: 'orders their triggered abilities',
};

/** 730.2: why the game stopped where it did, for the side it waits for: in words, with the rule. */
export function whyStopped(ctx: GameContext, kind: Exclude<WaitingFor, null>, side: string): { reason: string; rule: string } {
  const who = named(ctx, side);
  const pass = standingPassOf(ctx, side);
  if (pass !== undefined && kind !== 'priority') {
    const what = kind === 'declareAttackers' ? 'declare attackers' : kind === 'declareBlockers' ? 'declare blockers' : 'order triggered abilities';
    return { reason: `${who}'s standing pass (${untilInWords(pass.until)}) does not ${what}: the game waits for ${who}`, rule: cite(ctx, SHORTCUT_RULE) };
  }
  const ended = Object.hasOwn(ctx.shortcuts.ended, side) ? ctx.shortcuts.ended[side] : undefined;
  if (ended !== undefined) {
    const cause = ended.object !== undefined ? ` (${ended.object})` : '';
    return { reason: `${who}'s standing pass (${untilInWords(ended.until)}) ${REASON_WORDS[ended.reason]}${cause}: ${who} ${WAIT_WORDS[kind]}`, rule: cite(ctx, SHORTCUT_RULE) };
  }
  return { reason: `${who} ${WAIT_WORDS[kind]} (no standing pass)`, rule: WAIT_RULES[kind] };
}

