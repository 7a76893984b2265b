// What is legal now, for a UI: answered by the same functions the machine's boundary and
// guards use, so they always agree.
import { acceptEvent, type Acceptance } from '../machine/boundary.js';
import { isRefused, isRefusedIn, legalityFacts, refusalOf, type LegalityFacts, type Refusal } from '../rules/legality.js';
import { deciderOf, isOwnDecision } from '../rules/control.js';
import { sideOf } from '../rules/sides.js';
import { abilitiesToOrder, sideToOrder } from '../rules/triggerOrder.js';
import type { GameContext } from '../rules/types.js';
import type { PlayerId, TurnEvent, WaitingFor } from '../vocabulary/index.js';
import { waitingFor, type GameState } from './view.js';

function explain(snapshot: GameState, event: unknown, waiting: WaitingFor): Refusal | null {
  const accepted = acceptEvent(snapshot.context, event);
  return accepted.ok ? refusalOf(snapshot.context, accepted.event, waiting) : accepted.refusal;
}

/** null when the machine would accept `event` now; otherwise the reason it would refuse it. Any value may be asked about. */
export function explainRefusal(snapshot: GameState, event: unknown): Refusal | null {
  return explain(snapshot, event, waitingFor(snapshot));
}

/** Whether the machine would accept `event` now (the same checks as `explainRefusal`, no reason written). */
export function canSend(snapshot: GameState, event: unknown): boolean {
  const accepted = acceptEvent(snapshot.context, event);
  return accepted.ok && !isRefused(snapshot.context, accepted.event, waitingFor(snapshot));
}

/**
 * A kind of action a player may take now. Spells and abilities by timing: `instant` (any time
 * the player holds priority), `sorcery` (307.1, 602.5d), `yourTurn` (602.5b, 601.3) and `combat`
 * (601.3, 602.5) — each offered when a spell or ability of that timing would be accepted now.
 * `combat.declareAttackers` names the creature restrictions that would refuse an attacker now (508.1c).
 */
export type LegalAction =
  | { type: 'priority.pass' }
  | { type: 'spell.cast'; timing: 'instant' | 'sorcery' | 'yourTurn' | 'combat' }
  | { type: 'ability.activate'; timing: 'instant' | 'sorcery' | 'yourTurn' | 'combat' }
  | { type: 'combat.declareAttackers'; barred: 'cantAttackDuringExtraTurns'[] }
  | { type: 'combat.declareBlockers' }
  | { type: 'triggers.order'; triggers: string[] }
  | { type: 'player.concede' };

type Candidate = [LegalAction, TurnEvent];

/** The probe events for `player`: one for each kind of action (the order to give is asked apart: it depends on the state). */
function probesOf(player: PlayerId): { candidates: Candidate[]; barred: TurnEvent } {
  const probe = { id: 'probe', controller: player, effects: [] };
  return {
    barred: { type: 'combat.declareAttackers', player, attackers: [{ id: 'probe', cantAttackDuringExtraTurns: true }] },
    candidates: [
      [{ type: 'priority.pass' }, { type: 'priority.pass', player }],
      [{ type: 'spell.cast', timing: 'instant' }, { type: 'spell.cast', object: { ...probe, type: 'instant' } }],
      [{ type: 'spell.cast', timing: 'sorcery' }, { type: 'spell.cast', object: { ...probe, type: 'sorcery' } }],
      [{ type: 'spell.cast', timing: 'yourTurn' }, { type: 'spell.cast', object: { ...probe, type: 'instant', timing: 'yourTurn' } }],
      [{ type: 'spell.cast', timing: 'combat' }, { type: 'spell.cast', object: { ...probe, type: 'instant', timing: 'combat' } }],
      [{ type: 'ability.activate', timing: 'instant' }, { type: 'ability.activate', object: probe }],
      [{ type: 'ability.activate', timing: 'sorcery' }, { type: 'ability.activate', object: { ...probe, timing: 'sorcery' } }],
      [{ type: 'ability.activate', timing: 'yourTurn' }, { type: 'ability.activate', object: { ...probe, timing: 'yourTurn' } }],
      [{ type: 'ability.activate', timing: 'combat' }, { type: 'ability.activate', object: { ...probe, timing: 'combat' } }],
      [{ type: 'combat.declareAttackers', barred: [] }, { type: 'combat.declareAttackers', player, attackers: [] }],
      [{ type: 'combat.declareBlockers' }, { type: 'combat.declareBlockers', player, blockers: [] }],
      [{ type: 'player.concede' }, { type: 'player.concede', player }],
    ],
  };
}

/** Events of these kinds are taken as probed: nothing to add (a declaration declares no creature). */
const WHOLE = new Set<string>(['priority.pass', 'combat.declareAttackers', 'combat.declareBlockers', 'player.concede']);

/** One probe as checked, with what `legalChoices` asks of its kind decided once. */
interface CheckedProbe {
  readonly action: LegalAction;
  readonly accepted: Acceptance;
  /** Taken as probed: the probe is the complete event (`WHOLE`). */
  readonly whole: boolean;
  readonly declaresAttackers: boolean;
}
/** The probes of one player of a game, as the boundary accepts or refuses them: what they are depends only on the game's players, teams and limits (its `Env`). */
interface CheckedProbes { candidates: CheckedProbe[]; barred: Acceptance }
/**
 * Keyed by the game's list of players, which is what its `Env` is keyed by (`envOf`): one
 * lookup fewer on every call than by the Env itself.
 */
const checkedProbes = new WeakMap<GameContext['players'], Map<PlayerId, CheckedProbes>>();

/** The probes checked at the boundary once per game and player (not at every call); a name that is not a player is checked each time. */
function checkedProbesOf(ctx: GameContext, player: PlayerId): CheckedProbes {
  const cached = checkedProbes.get(ctx.players)?.get(player);
  if (cached) return cached;
  const { candidates, barred } = probesOf(player);
  const checked: CheckedProbes = {
    candidates: candidates.map(([action, event]) => ({ action, accepted: acceptEvent(ctx, event), whole: WHOLE.has(action.type), declaresAttackers: action.type === 'combat.declareAttackers' })),
    barred: acceptEvent(ctx, barred),
  };
  if (ctx.players.includes(player)) {
    let byPlayer = checkedProbes.get(ctx.players);
    if (!byPlayer) checkedProbes.set(ctx.players, byPlayer = new Map());
    byPlayer.set(player, checked);
  }
  return checked;
}

/** Whether the boundary or the legality function refuses `accepted` (yes or no: `legalActions` throws the reason away). */
const isRefusedAfter = (facts: LegalityFacts, accepted: Acceptance): boolean =>
  (accepted.ok ? isRefusedIn(facts, accepted.event) : true);

/**
 * What `legalChoices` keeps of a legal action: the action itself (`legalActions`) or the complete
 * event that takes it when it needs no details (`legalEvents`; a spell or ability does: null, not kept).
 */
type Keep<T> = (action: LegalAction, event: TurnEvent | null) => T | null;

const keepAction: Keep<LegalAction> = (action) => action;
const keepEvent: Keep<TurnEvent> = (_, event) => event;

/** 722.5: `accepted` as `decider` sends it for `player` (their own decisions, 722.6, by themselves). */
function sentBy(accepted: Acceptance, player: PlayerId, decider: PlayerId): Acceptance {
  return accepted.ok && decider !== player && !isOwnDecision(accepted.event.type) ? { ok: true, event: { ...accepted.event, by: decider } as TurnEvent } : accepted;
}

function legalChoices<T>(snapshot: GameState, player: PlayerId, keep: Keep<T>): T[] {
  const ctx = snapshot.context;
  const waiting = waitingFor(snapshot);
  // The facts of the state the legality checks read, derived once for all the probes.
  const facts = legalityFacts(ctx, waiting);
  const { candidates, barred } = checkedProbesOf(ctx, player);
  // 722.5: the actions named by `player` are sent by whoever makes `player`'s decisions now (722.6: but their own by them);
  // while nobody controls anyone, that is each player (`deciderOf`, not asked).
  const decider = ctx.control === null || !ctx.players.includes(player) ? player : deciderOf(ctx, player);
  const sending = decider !== player;
  const legal: T[] = [];
  // A loop without closures: the UI asks this of every player before every event.
  for (let i = 0; i < candidates.length; i += 1) {
    const probe = candidates[i];
    const asSent = sending ? sentBy(probe.accepted, player, decider) : probe.accepted;
    if (isRefusedAfter(facts, asSent)) continue;
    const event = asSent.ok && probe.whole ? asSent.event : null;
    const kept = keep(probe.declaresAttackers
      ? { type: 'combat.declareAttackers', barred: isRefusedAfter(facts, sentBy(barred, player, decider)) ? ['cantAttackDuringExtraTurns'] : [] }
      : probe.action, event);
    if (kept !== null) legal.push(kept);
  }
  // An order is legal only while the game waits for one (603.3b, 805.7: refusalOf refuses it otherwise).
  if (waiting !== 'orderTriggers') return legal;
  const side = sideToOrder(ctx);
  const toOrder = side !== null && side === sideOf(ctx, player) ? abilitiesToOrder(ctx, side) : [];
  const order = acceptEvent(ctx, { type: 'triggers.order', player, order: toOrder, ...(decider !== player && { by: decider }) });
  if (isRefusedAfter(facts, order)) return legal;
  const kept = keep({ type: 'triggers.order', triggers: toOrder }, order.ok ? order.event : null);
  if (kept !== null) legal.push(kept);
  return legal;
}

/**
 * The kinds of action `player` may take now (a probe event for each kind, checked as the machine
 * would). With teams, a player acts for their team (805.5a): what the team may do, this player may.
 * 722.5: for a controlled player, the actions that may be taken for them, sent by their controller.
 * What the state decides is computed once per call (what the game waits for, whose order it is);
 * the probes themselves are checked at the boundary once per game and player.
 */
export function legalActions(snapshot: GameState, player: PlayerId): LegalAction[] {
  return legalChoices(snapshot, player, keepAction);
}

/**
 * The legal actions of `player` that need no details, as the complete events that take them, as
 * the boundary accepted them: a pass, a declaration of no attackers or no blockers, the order of
 * triggered abilities as they triggered, conceding (722.5: sent `by` the controller when there is one).
 */
export function legalEvents(snapshot: GameState, player: PlayerId): TurnEvent[] {
  return legalChoices(snapshot, player, keepEvent);
}
