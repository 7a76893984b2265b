// The promise of standing passes (FORMAT "Standing passes", 732.2): a game whose passes are made by
// standing passes reaches exactly the state, VIEW and history that the same passes sent one by one
// reach (without the shortcutSet / shortcutEnded records). Three runs of one random script:
//   A — the machine's standing passes (createGame: the actor),
//   P — the same events through the playout (createPlayout),
//   H — no standing pass at all: a reference model kept here (`Oracle`), written from the format's
//       words and not from src/rules/shortcuts.ts, decides where each player passes, declares none
//       or stops, and sends those passes by hand.
// Besides the equality, A's own history is checked: a pass never runs past its end (a stop), and a
// spell or ability of an opponent always ends the passes that list it, right after its putOnStack.
import fc from 'fast-check';
import {
  createGame, type Game, type GameInput, type HistoryRecord, type TurnEvent, type View,
} from '../../src/index.js';
import { createPlayout, type Playout } from '../../src/playout/index.js';
import {
  PHASES, STEPS, SHORTCUT_CONDITIONS, teamId, type PhaseId, type ResolutionEffect, type ShortcutCondition, type ShortcutStop, type ShortcutUntil, type StepId,
} from '../../src/vocabulary/index.js';

/** FORMAT: after this many automatic passes with no script entry between them, every standing pass ends. */
const BOUND = 1000;

export type Action =
  | { kind: 'set'; who: number; until: UntilPick; unless: ShortcutCondition[] | null; noAttackers: boolean; noBlockers: boolean; stops: ShortcutStop[] }
  | { kind: 'cancel'; who: number }
  /** Every side sets the same pass, one after another (FORMAT 38: "both players pass until …"). */
  | { kind: 'everyone'; until: UntilPick; unless: ShortcutCondition[] | null; noAttackers: boolean; noBlockers: boolean }
  | { kind: 'progress'; attack: boolean }
  | { kind: 'cast'; card: Card; who: number; target: number }
  | { kind: 'trigger'; who: number; count: number };

type UntilPick = { form: 'step'; step: StepId; turnOf: number | null } | { form: 'phase'; phase: PhaseId; turnOf: number | null }
  | { form: 'endOfTurn' } | { form: 'nextTurnOf'; who: number };

/** Time Stop (723.1), Mandate of Peace (723.2, "cast only during combat"), Time Walk (500.7), an instant, an ability that makes two abilities trigger (603.3b). */
type Card = 'timeStop' | 'mandate' | 'timeWalk' | 'instant' | 'twoTriggers' | 'ability';

export interface EquivalenceCase {
  players: string[];
  teams: string[][] | null;
  variant: boolean;
  choose: boolean;
  actions: Action[];
}

const NAMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

const untilPick: fc.Arbitrary<UntilPick> = fc.oneof(
  fc.record({ form: fc.constant('step' as const), step: fc.constantFrom(...STEPS), turnOf: fc.option(fc.nat(7), { nil: null }) }),
  fc.record({ form: fc.constant('phase' as const), phase: fc.constantFrom(...PHASES), turnOf: fc.option(fc.nat(7), { nil: null }) }),
  fc.constant({ form: 'endOfTurn' as const }),
  fc.record({ form: fc.constant('nextTurnOf' as const), who: fc.nat(7) }),
);
const stop: fc.Arbitrary<ShortcutStop> = fc.tuple(fc.oneof(fc.constantFrom(...STEPS).map((step) => ({ step })), fc.constantFrom(...PHASES).map((phase) => ({ phase }))),
  fc.option(fc.constantFrom('own' as const, 'others' as const), { nil: undefined })).map(([where, whose]) => ({ ...where, ...(whose && { whose }) }));

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    kind: fc.constant('set' as const), who: fc.nat(7), until: untilPick,
    unless: fc.option(fc.subarray([...SHORTCUT_CONDITIONS]), { nil: null, freq: 2 }),
    noAttackers: fc.boolean(), noBlockers: fc.boolean(),
    stops: fc.oneof({ weight: 3, arbitrary: fc.constant<ShortcutStop[]>([]) }, { weight: 1, arbitrary: fc.array(stop, { maxLength: 3 }) }),
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({
    kind: fc.constant('everyone' as const), until: untilPick,
    unless: fc.option(fc.subarray([...SHORTCUT_CONDITIONS]), { nil: null, freq: 2 }), noAttackers: fc.boolean(), noBlockers: fc.boolean(),
  }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('progress' as const), attack: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({
    kind: fc.constant('cast' as const), card: fc.constantFrom<Card>('timeStop', 'mandate', 'timeWalk', 'instant', 'twoTriggers', 'ability'), who: fc.nat(7), target: fc.nat(7),
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('trigger' as const), who: fc.nat(7), count: fc.integer({ min: 1, max: 2 }) }) },
);

/** Random games: 2–8 players, free-for-all or teams (shared team turns, Two-Headed Giant), the `choose` trigger order or not. */
export function equivalenceCase(maxActions = 40): fc.Arbitrary<EquivalenceCase> {
  return fc.record({
    count: fc.integer({ min: 2, max: 8 }),
    teamMode: fc.constantFrom('none', 'none', 'shared', '2hg'),
    teamCount: fc.integer({ min: 2, max: 4 }),
    choose: fc.boolean(),
    actions: fc.array(action, { minLength: 1, maxLength: maxActions }),
  }).map(({ count, teamMode, teamCount, choose, actions }) => {
    const players = NAMES.slice(0, count);
    let teams: string[][] | null = null;
    let variant = false;
    if (teamMode === '2hg' && count >= 4 && count % 2 === 0) {
      teams = [players.slice(0, count / 2), players.slice(count / 2)];
      variant = true;
    } else if (teamMode === 'shared') {
      const n = Math.min(teamCount, count);
      teams = Array.from({ length: n }, (_, i) => players.filter((_, p) => p % n === i)).filter((t) => t.length > 0);
      // players are listed team by team (FORMAT-TEAMS)
      return { players: teams.flat(), teams, variant, choose, actions };
    }
    return { players, teams, variant, choose, actions };
  });
}

export function inputOf(c: EquivalenceCase): GameInput {
  const options = { ...(c.choose && { triggerOrder: 'choose' as const }), ...(c.teams && (c.variant ? { variant: 'twoHeadedGiant' as const } : { sharedTeamTurns: true })) };
  return c.teams ? { players: c.players, teams: c.teams, options } : { players: c.players, options };
}


/** A stack object the script made, by id: who controls it and what it is (for `unless`). */
interface Made { controller: string; kind: 'spell' | 'activated' | 'triggered' }

/** The reference model's standing pass of one side. */
interface ModelPass { player: string; until: ShortcutUntil; unless: ShortcutCondition[]; noAttackers: boolean; noBlockers: boolean; stops: ShortcutStop[] }

/** The sides of a game (players, or teams), and a player's side. */
class Sides {
  readonly sides: string[];
  constructor(readonly c: EquivalenceCase) {
    this.sides = c.teams ? c.teams.map(teamId) : [...c.players];
  }
  of(who: string): string {
    if (!this.c.teams) return who;
    return this.sides.find((s) => s === who || s.split('+').includes(who)) ?? who;
  }
  primary(side: string): string { return side.split('+')[0]; }
}

/**
 * The reference model: standing passes as FORMAT "Standing passes" words them, fed with the
 * history records of the game it drives (by hand).
 */
class Oracle {
  passes = new Map<string, ModelPass>();
  run = 0;
  active = '';
  constructor(private readonly sides: Sides, private readonly made: Map<string, Made>) {}

  set(side: string, pass: ModelPass): void { this.passes.set(side, pass); }

  /** One record of the game, in order: the passes it ends. */
  see(r: HistoryRecord): void {
    if (r.type === 'turnBegan') {
      this.active = this.sides.of(r.team ?? r.player);
      this.endWhere((p) => p.until.nextTurnOf !== undefined && this.sides.of(p.until.nextTurnOf) === this.active);
    } else if (r.type === 'turnEnded') {
      this.endWhere((p) => p.until.endOfTurn === true);
    } else if (r.type === 'stepBegan' || r.type === 'phaseBegan') {
      const kind = r.type === 'stepBegan' ? 'step' : 'phase';
      const what = r.type === 'stepBegan' ? r.step : r.phase;
      this.endWhere((p, side) => (p.until[kind] === what && (p.until.turnOf === undefined || this.sides.of(p.until.turnOf) === this.active))
        || p.stops.some((s) => s[kind] === what && (s.whose === undefined || (s.whose === 'own') === (side === this.active))));
    } else if (r.type === 'putOnStack') {
      const object = this.made.get(r.id);
      if (!object) return;
      const by = this.sides.of(object.controller);
      const condition: ShortcutCondition = object.kind === 'spell' ? 'opponentCasts' : object.kind === 'activated' ? 'opponentActivates' : 'ownTrigger';
      this.endWhere((p, side) => p.unless.includes(condition) && (condition === 'ownTrigger' ? side === by : side !== by));
    }
  }

  private endWhere(ends: (pass: ModelPass, side: string) => boolean): void {
    for (const [side, pass] of [...this.passes]) if (ends(pass, side)) this.passes.delete(side);
  }
}

const viewOf = (g: Game | Playout): View => g.view();

/** The player of `side` a script action names (a player of it, or the team's id). */
function nameFor(sides: Sides, side: string, pick: number): string {
  const players = side.split('+');
  const options = sides.c.teams ? [...players, side] : players;
  return options[pick % options.length];
}

let serial = 0;

/** The events one script action stands for, from the state the game is in (the same in every run while they agree). */
function eventsOf(a: Action, v: View, sides: Sides, made: Map<string, Made>): TurnEvent[] {
  const side = (n: number) => sides.sides[n % sides.sides.length];
  const player = (n: number) => sides.c.players[n % sides.c.players.length];
  switch (a.kind) {
    case 'progress': {
      const aw = v.awaiting;
      if (!aw) return [];
      const actor = sides.c.teams ? { team: aw.side } : { player: aw.side };
      if (aw.kind === 'priority') return [{ type: 'priority.pass', player: aw.side }];
      if (aw.kind === 'declareAttackers') {
        return [{ type: 'combat.declareAttackers', ...actor, attackers: a.attack ? [{ id: `bear${serial++}`, firstStrike: serial % 3 === 0 }] : [] }];
      }
      if (aw.kind === 'declareBlockers') {
        const attacker = v.attackers[0];
        return [{ type: 'combat.declareBlockers', ...actor, blockers: a.attack && attacker ? [{ id: `wall${serial++}`, blocking: attacker }] : [] }];
      }
      return v.orderTriggers ? [{ type: 'triggers.order', ...actor, order: [...v.orderTriggers.triggers].reverse() }] : [];
    }
    case 'cast': {
      // The holder casts (most often), or someone else (refused: 117.1).
      const holder = v.priority ?? side(a.who);
      const controller = a.who % 3 === 0 ? player(a.who) : nameFor(sides, holder, a.who);
      const id = `${a.card}${serial++}`;
      const effects: ResolutionEffect[] = a.card === 'timeStop' ? [{ endTurn: {} }] : a.card === 'mandate' ? [{ endCombat: {} }]
        : a.card === 'timeWalk' ? [{ extraTurn: { player: player(a.target) } }]
        : a.card === 'twoTriggers' ? [0, 1].map((i): ResolutionEffect => {
          const t = `${id}t${i}`;
          made.set(t, { controller: player(a.target), kind: 'triggered' });
          return { trigger: { id: t, controller: player(a.target), effects: [] } };
        }) : [];
      if (a.card === 'ability' || a.card === 'twoTriggers') {
        made.set(id, { controller, kind: 'activated' });
        return [{ type: 'ability.activate', object: { id, controller, effects } }];
      }
      made.set(id, { controller, kind: 'spell' });
      return [{ type: 'spell.cast', object: { id, controller, type: 'instant', effects, ...(a.card === 'mandate' && { timing: 'combat' as const }) } }];
    }
    case 'trigger':
      return Array.from({ length: a.count }, () => {
        const id = `trig${serial++}`;
        made.set(id, { controller: player(a.who), kind: 'triggered' });
        return { type: 'trigger.report', ability: { id, controller: player(a.who), effects: [] } } as TurnEvent;
      });
    default:
      return [];
  }
}

/** The until of a script's `set`, with its players named. */
function untilOf(u: UntilPick, sides: Sides): ShortcutUntil {
  const someone = (n: number) => {
    const all = sides.c.teams ? [...sides.c.players, ...sides.sides] : sides.c.players;
    return all[n % all.length];
  };
  switch (u.form) {
    case 'step': return { step: u.step, ...(u.turnOf !== null && { turnOf: someone(u.turnOf) }) };
    case 'phase': return { phase: u.phase, ...(u.turnOf !== null && { turnOf: someone(u.turnOf) }) };
    case 'endOfTurn': return { endOfTurn: true };
    case 'nextTurnOf': return { nextTurnOf: someone(u.who) };
  }
}

export interface EquivalenceResult {
  /** Differences and broken promises, in words (none: the promise holds). */
  problems: string[];
  automaticPasses: number;
  passesSet: number;
  loopGuards: number;
  /** Records of the game (A). */
  records: number;
}

const SHORTCUT_RECORDS = new Set(['shortcutSet', 'shortcutEnded']);
const strip = (history: readonly HistoryRecord[]) => history.filter((r) => !SHORTCUT_RECORDS.has(r.type));
/** The view with what only standing passes change left out. */
const comparable = (v: View) => ({
  ...v, shortcuts: undefined, history: undefined,
  awaiting: v.awaiting && { kind: v.awaiting.kind, side: v.awaiting.side, players: v.awaiting.players },
});
const contextOf = (g: Game) => ({ ...g.snapshot().context, shortcuts: undefined });
const contextOfPlayout = (p: Playout) => ({ ...(p.persist().snapshot as unknown as { context: object }).context, shortcuts: undefined });

/**
 * A's own history says its passes kept their word: after a pass's end point (its until, one of
 * its stops, an opponent's spell or ability it lists, its own triggered ability) the pass is
 * gone before anything else happens; it is never seen passing after that.
 */
function checkPromises(history: readonly HistoryRecord[], sides: Sides, made: Map<string, Made>, sets: readonly ModelPass[]): string[] {
  const problems: string[] = [];
  const passes = new Map<string, ModelPass>();
  const model = new Oracle(sides, made);
  let due: { side: string; at: number; why: string }[] = [];
  let set = 0;
  history.forEach((r, at) => {
    if (r.type === 'shortcutSet') {
      const side = sides.of(r.team ?? r.player);
      const pass = sets[set++];
      if (JSON.stringify(pass.until) !== JSON.stringify(r.until)) problems.push(`record ${at}: shortcutSet until ${JSON.stringify(r.until)}, the script set ${JSON.stringify(pass.until)}`);
      passes.set(side, pass);
      return;
    }
    if (r.type === 'shortcutEnded') {
      const side = sides.of(r.team ?? r.player);
      passes.delete(side);
      due = due.filter((d) => d.side !== side);
      return;
    }
    for (const d of due) problems.push(`record ${d.at} (${d.why}) should have ended ${d.side}'s standing pass, but record ${at} (${r.type}) came first`);
    due = [];
    if (r.type === 'turnBegan') model.active = sides.of(r.team ?? r.player);
    for (const [side, pass] of passes) {
      const u = pass.until;
      const here = (kind: 'step' | 'phase', what: string) => (u[kind] === what && (u.turnOf === undefined || sides.of(u.turnOf) === model.active))
        || pass.stops.some((s) => s[kind] === what && (s.whose === undefined || (s.whose === 'own') === (side === model.active)));
      const reached = (r.type === 'stepBegan' && here('step', r.step))
        || (r.type === 'phaseBegan' && here('phase', r.phase))
        || (r.type === 'turnBegan' && u.nextTurnOf !== undefined && sides.of(u.nextTurnOf) === model.active);
      if (reached) due.push({ side, at, why: `${r.type} is where it ends` });
      // "ends as this turn ends, just before its turnEnded"
      if (r.type === 'turnEnded' && u.endOfTurn === true) problems.push(`record ${at}: the turn ended with ${side}'s pass until end of turn still in force`);
    }
    if (r.type === 'putOnStack') {
      const object = made.get(r.id);
      // "Stop if an opponent acts" always stops; so does the pass's own triggered ability, when listed.
      if (object) {
        const by = sides.of(object.controller);
        const condition: ShortcutCondition = object.kind === 'spell' ? 'opponentCasts' : object.kind === 'activated' ? 'opponentActivates' : 'ownTrigger';
        for (const [side, pass] of passes) {
          if (pass.unless.includes(condition) && (condition === 'ownTrigger' ? by === side : by !== side)) due.push({ side, at, why: `${condition}: ${r.id}` });
        }
      }
    }
  });
  for (const d of due) problems.push(`record ${d.at} (${d.why}) should have ended ${d.side}'s standing pass; the history ends first`);
  return problems;
}

/** Runs one case three ways and compares them. */
export function runEquivalence(c: EquivalenceCase, options: { playout?: boolean } = {}): EquivalenceResult {
  // The whole games' histories are compared (and read by the oracle): each keeps all of its past.
  const input: GameInput = { ...inputOf(c), options: { ...inputOf(c).options, history: 'all' } };
  const sides = new Sides(c);
  const madeA = new Map<string, Made>();
  const madeH = new Map<string, Made>();
  const a = createGame(input);
  const p = options.playout === false ? null : createPlayout(input);
  const h = createGame(input);
  const oracle = new Oracle(sides, madeH);
  let seen = 0;
  const problems: string[] = [];
  let automaticPasses = 0;
  let passesSet = 0;
  let loopGuards = 0;
  const sets: ModelPass[] = [];

  const feed = () => {
    for (; seen < h.history.length; seen += 1) oracle.see(h.history[seen]);
  };
  feed();

  /** H: the passes, declarations of none and stops the reference model says, sent by hand. */
  const settle = () => {
    for (let guard = 0; guard < 100_000; guard += 1) {
      const v = viewOf(h);
      const aw = v.awaiting;
      const pass = aw ? oracle.passes.get(aw.side) : undefined;
      if (!aw || !pass) return;
      if (aw.kind === 'priority') {
        if (oracle.run >= BOUND) {
          oracle.passes.clear();
          oracle.run = 0;
          loopGuards += 1;
          return;
        }
        oracle.run += 1;
        automaticPasses += 1;
        const refusal = h.send({ type: 'priority.pass', player: pass.player });
        if (refusal) { problems.push(`H: the model's pass for ${aw.side} was refused: ${refusal.reason}`); return; }
      } else if (aw.kind === 'declareAttackers' && pass.noAttackers) {
        h.send({ type: 'combat.declareAttackers', player: pass.player, attackers: [] });
      } else if (aw.kind === 'declareBlockers' && pass.noBlockers) {
        h.send({ type: 'combat.declareBlockers', player: pass.player, blockers: [] });
      } else return;
      feed();
    }
    problems.push('H: the model did not come to rest');
  };

  const sendAll = (event: TurnEvent) => {
    const ra = a.send(event);
    const rp = p ? p.send(event) : null;
    const rh = h.send(event);
    if ((ra === null) !== (rh === null)) problems.push(`${event.type}: refused ${ra ? 'by A' : 'by H'} only (${(ra ?? rh)!.reason})`);
    if (p && (ra === null) !== (rp === null)) problems.push(`${event.type}: A and the playout disagree on the refusal`);
    return ra === null;
  };

  const script = c.actions.flatMap((act): Action[] => (act.kind === 'everyone'
    ? sides.sides.map((_, who) => ({ ...act, kind: 'set', who, stops: [] })) : [act]));
  for (const [index, act] of script.entries()) {
    if (problems.length > 0) break;
    const v = viewOf(a);
    oracle.run = 0;
    if (act.kind === 'everyone') continue;
    if (act.kind === 'set' || act.kind === 'cancel') {
      const side = sides.sides[act.who % sides.sides.length];
      const name = nameFor(sides, side, act.who);
      if (act.kind === 'set') {
        const until = untilOf(act.until, sides);
        const event: TurnEvent = {
          type: 'shortcut.passUntil', player: name, until,
          ...(act.unless !== null && { unless: act.unless }),
          ...(act.noAttackers && { declareNoAttackers: true }), ...(act.noBlockers && { declareNoBlockers: true }),
          ...(act.stops.length > 0 && { stops: act.stops }),
        };
        const ra = a.send(event);
        const rp = p ? p.send(event) : null;
        if (ra || rp) { problems.push(`action ${index}: passUntil refused: ${(ra ?? rp)!.reason}`); break; }
        passesSet += 1;
        const recorded = sides.c.teams && name === side ? sides.primary(side) : name;
        const pass = { player: recorded, until, unless: act.unless ?? [...SHORTCUT_CONDITIONS], noAttackers: act.noAttackers, noBlockers: act.noBlockers, stops: act.stops };
        sets.push(pass);
        oracle.set(side, pass);
      } else {
        const ra = a.send({ type: 'shortcut.cancel', player: name });
        if (p) p.send({ type: 'shortcut.cancel', player: name });
        const had = oracle.passes.delete(side);
        if ((ra === null) !== had) problems.push(`action ${index}: cancel ${ra ? 'refused' : 'accepted'}, the model ${had ? 'had' : 'had no'} pass for ${side}`);
      }
    } else {
      for (const event of eventsOf(act, v, sides, madeA)) {
        for (const [id, made] of madeA) madeH.set(id, made);
        sendAll(event);
        feed();
      }
    }
    feed();
    settle();
    // After each entry: the same game, the same view, the same history (records of standing passes left out).
    const va = viewOf(a);
    const vh = viewOf(h);
    if (JSON.stringify(comparable(va)) !== JSON.stringify(comparable(vh))) {
      problems.push(`after action ${index} (${JSON.stringify(act)}): the views differ: A ${JSON.stringify(comparable(va)).slice(0, 600)} / H ${JSON.stringify(comparable(vh)).slice(0, 600)}`);
    }
    const ha = strip(a.history);
    if (JSON.stringify(ha) !== JSON.stringify(h.history)) {
      const at = ha.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(h.history[i]));
      problems.push(`after action ${index} (${JSON.stringify(act)}): the histories differ at record ${at}: A ${JSON.stringify(ha[at])} / H ${JSON.stringify(h.history[at])}`);
    }
    if (JSON.stringify(contextOf(a)) !== JSON.stringify(contextOf(h))) problems.push(`after action ${index}: the game states differ`);
    const inForce = Object.fromEntries(sides.sides.map((s) => [s, va.shortcuts[s] !== null]));
    const modelInForce = Object.fromEntries(sides.sides.map((s) => [s, oracle.passes.has(s)]));
    if (JSON.stringify(inForce) !== JSON.stringify(modelInForce)) problems.push(`after action ${index}: passes in force ${JSON.stringify(inForce)}, the model says ${JSON.stringify(modelInForce)}`);
    if (p) {
      if (JSON.stringify(p.view()) !== JSON.stringify({ ...va, history: undefined })) problems.push(`after action ${index}: the playout's view differs from the actor's`);
      if (JSON.stringify(p.history) !== JSON.stringify(a.history)) problems.push(`after action ${index}: the playout's history differs from the actor's`);
      if (JSON.stringify(contextOfPlayout(p)) !== JSON.stringify(contextOf(a))) problems.push(`after action ${index}: the playout's game state differs from the actor's`);
    }
  }
  problems.push(...checkPromises(a.history, sides, madeA, sets));
  const records = a.history.length;
  a.stop();
  h.stop();
  return { problems, automaticPasses, passesSet, loopGuards, records };
}
