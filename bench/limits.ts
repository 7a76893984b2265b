// Limits at their maximum (issue 10): for each resource limit in DEFAULT_LIMITS, the worst
// case it allows, built through the public API (untimed), then the one `send` that does the
// work at the limit, timed with the heap measured around it; and one event past the limit
// (refused at the boundary or by legality, or an effect not performed: `limitReached`).
// Each send is measured on an actor restored from the persisted position (median of several).
// Runs in its own worker with gc() exposed (bench/isolated.ts). `npm run bench -- --limits`.
import { fileURLToPath } from 'node:url';
import { createActor } from 'xstate';
import {
  createGame, DEFAULT_LIMITS, explainRefusal, restoreSnapshot, turnMachine,
  type Game, type Limits, type ResolutionEffect, type StackObjectSpec, type TurnEvent,
} from '../src/index.js';
import { exposeGc, heapUsed, median } from './isolated.js';

const PLAYERS = ['A', 'B'];

/** Setup steps: each event must be accepted. */
class Setup {
  readonly game: Game = createGame({ players: PLAYERS });
  send(event: TurnEvent): void {
    const refusal = this.game.send(event);
    if (refusal) throw new Error(`setup: ${event.type} refused: ${refusal.reason}`);
  }
  get holder(): string { return this.game.view().priority!; }
  get other(): string { return this.holder === 'A' ? 'B' : 'A'; }
  pass(): void { this.send({ type: 'priority.pass', player: this.holder }); }
  /** Passes (declaring no attackers) until the game is in `where`, a step or a main phase. */
  passTo(where: string): void {
    for (let i = 0; i < 200; i += 1) {
      const v = this.game.view();
      if ((v.step ?? v.phase) === where) return;
      if (v.waitingFor === 'declareAttackers') this.send({ type: 'combat.declareAttackers', player: v.activePlayer!, attackers: [] });
      else this.pass();
    }
    throw new Error(`setup: never reached ${where}`);
  }
  cast(id: string, effects: ResolutionEffect[], extra: Partial<StackObjectSpec> = {}): TurnEvent {
    return { type: 'spell.cast', object: { id, controller: this.holder, type: 'instant', effects, ...extra } };
  }
  /** Casts, then both pass: it resolves. */
  castAndResolve(id: string, effects: ResolutionEffect[]): void {
    this.send(this.cast(id, effects));
    this.pass();
    this.pass();
  }
  /** The last pass of a round (the other player passed): the send that resolves the top object or ends the step. */
  lastPass(): TurnEvent { this.pass(); return { type: 'priority.pass', player: this.holder }; }
  persist(): string { return JSON.stringify(this.game.persist()); }
}

/** What a case hands back: the send at the limit; past it, from the same position or after more setup. */
interface Built {
  hit: TurnEvent;
  /** An event past the limit, sent instead of `hit`; or `after`: setup after the hit, then `past`. */
  past: TurnEvent | ((s: Setup) => TurnEvent);
}

interface Case {
  worstCase: string;
  past: string;
  build(s: Setup, limit: number): Built;
}

const times = (n: number) => Array.from({ length: n }, (_, i) => i);
const name = (prefix: string, i: number, length = 0) => `${prefix}${i}`.padEnd(length, 'x');

/** Nested casts: a spell whose one effect casts a spell whose one effect casts… `depth` spells. */
function nestedSpell(depth: number): StackObjectSpec {
  let spell: StackObjectSpec = { id: `s${depth}`, controller: 'A', type: 'instant', effects: [] };
  for (let d = depth - 1; d >= 1; d -= 1) spell = { id: `s${d}`, controller: 'A', type: 'instant', effects: [{ cast: spell }] };
  return spell;
}

/** The largest n in [lo, hi] for which `ok(n)` (ok is monotone: true then false). */
function largest(lo: number, hi: number, ok: (n: number) => boolean): number {
  if (!ok(lo)) throw new Error(`no accepted size from ${lo}`);
  while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (ok(mid)) lo = mid; else hi = mid - 1; }
  return lo;
}

const accepted = (s: Setup, event: TurnEvent) => explainRefusal(s.game.snapshot(), event) === null;

/** A limit filled by resolving spells of 200 copies of `effect`; the last resolution reaches it, one more passes it. */
function fillWithSpells(what: string, effect: ResolutionEffect, worstCase: string): Case {
  const effects = times(DEFAULT_LIMITS.maxEffects).map(() => effect);
  const castAndPass = (s: Setup, id: string) => { s.send(s.cast(id, effects)); return s.lastPass(); };
  return {
    worstCase,
    past: 'resolving one more: 200 × limitReached',
    build: (s, n) => {
      const spells = Math.ceil(n / effects.length);
      for (const i of times(spells - 1)) s.castAndResolve(`${what}${i}`, effects);
      return { hit: castAndPass(s, `${what}${spells - 1}`), past: (after) => castAndPass(after, `${what}More`) };
    },
  };
}

export const CASES: Partial<Record<keyof Limits, Case>> = {
  maxIdLength: {
    worstCase: 'spell.cast: an id and 100 targets of 200 characters each',
    past: 'an id of 201 characters',
    build: (s, n) => ({
      hit: s.cast(name('id', 0, n), [], { targets: times(DEFAULT_LIMITS.maxTargets).map((i) => name('t', i, n)) }),
      past: s.cast(name('id', 0, n + 1), []),
    }),
  },
  maxNesting: {
    worstCase: 'spell.cast: spells casting spells, as deep as the nesting allows',
    past: 'one level deeper',
    build: (s) => {
      const cast = (depth: number) => ({ type: 'spell.cast', object: nestedSpell(depth) }) as TurnEvent;
      const deepest = largest(1, 100, (d) => accepted(s, cast(d)));
      return { hit: cast(deepest), past: cast(deepest + 1) };
    },
  },
  maxValuesPerEvent: {
    worstCase: 'spell.cast: 200 addPhases effects, their phase lists filling the event to its last value',
    past: 'one phase more',
    build: (s) => {
      const event = (each: number, extra: number) => s.cast('big', times(DEFAULT_LIMITS.maxEffects).map((i) => ({
        addPhases: { phases: Array.from({ length: each + (i === 0 ? extra : 0) }, () => 'combat' as const) },
      })));
      const each = largest(1, 1000, (n) => accepted(s, event(n, 0)));
      const extra = largest(0, DEFAULT_LIMITS.maxEffects, (n) => accepted(s, event(each, n)));
      return { hit: event(each, extra), past: event(each, extra + 1) };
    },
  },
  maxEffects: {
    worstCase: 'the pass that resolves a spell of 200 effects, each a triggered ability (then 200 put on the stack)',
    past: 'casting a spell of 201 effects',
    build: (s, n) => {
      const effects = (k: number) => times(k).map((i): ResolutionEffect => ({ trigger: { id: `tr${i}`, controller: 'A', effects: [] } }));
      const past = s.cast('tooMany', effects(n + 1));
      s.send(s.cast('many', effects(n)));
      return { hit: s.lastPass(), past };
    },
  },
  maxTargets: {
    worstCase: 'the pass that resolves a spell of 100 targets, each among the last of 10,000 illegal targets',
    past: 'casting a spell of 101 targets',
    build: (s, n) => {
      const marks = DEFAULT_LIMITS.maxMarks;
      for (const i of times(marks)) s.send({ type: 'target.invalidate', id: `t${i}` });
      const targets = times(n).map((i) => `t${marks - n + i}`);
      const past = s.cast('tooMany', [], { targets: [...targets, 'one'] });
      s.send(s.cast('targeted', [], { targets }));
      return { hit: s.lastPass(), past };
    },
  },
  maxCreatures: {
    worstCase: 'declareBlockers: 500 blockers, each blocking the last of 500 attackers',
    past: '501 blockers',
    build: (s, n) => {
      s.passTo('declareAttackers');
      s.send({ type: 'combat.declareAttackers', player: 'A', attackers: times(n).map((i) => ({ id: `a${i}` })) });
      s.passTo('declareBlockers');
      const blockers = (k: number) => times(k).map((i) => ({ id: `b${i}`, blocking: `a${n - 1}` }));
      return {
        hit: { type: 'combat.declareBlockers', player: 'B', blockers: blockers(n) },
        past: { type: 'combat.declareBlockers', player: 'B', blockers: blockers(n + 1) },
      };
    },
  },
  maxStepCount: {
    worstCase: 'the pass that resolves 200 addStep effects of count 100 (10 plan 1,000 steps; 190 reach maxPlannedPhases)',
    past: 'casting an addStep of count 101',
    build: (s, n) => {
      const past = s.cast('tooMany', [{ addStep: { step: 'upkeep', count: n + 1 } }]);
      s.send(s.cast('steps', times(DEFAULT_LIMITS.maxEffects).map(() => ({ addStep: { step: 'upkeep', count: n } }))));
      return { hit: s.lastPass(), past };
    },
  },
  maxStack: {
    worstCase: 'spell.cast of the 1,000th object on the stack',
    past: 'the 1,001st',
    build: (s, n) => {
      for (const i of times(n - 1)) s.send(s.cast(`s${i}`, []));
      return { hit: s.cast(`s${n - 1}`, []), past: (after) => after.cast(`s${n}`, []) };
    },
  },
  maxPendingTriggers: {
    worstCase: 'the pass after 1,000 reported triggers: all go on the stack (APNAP)',
    past: 'the 1,001st trigger.report',
    build: (s, n) => {
      const report = (i: number): TurnEvent => ({ type: 'trigger.report', ability: { id: `r${i}`, controller: PLAYERS[i % 2], effects: [] } });
      for (const i of times(n)) s.send(report(i));
      return { hit: { type: 'priority.pass', player: s.holder }, past: report(n) };
    },
  },
  maxRegisteredTriggers: {
    worstCase: 'the pass that ends a turn with 1,000 "at the beginning of upkeep" triggers: the next upkeep triggers them all',
    past: 'the 1,001st trigger.register',
    build: (s, n) => {
      const register = (i: number): TurnEvent => ({ type: 'trigger.register', trigger: { id: `u${i}`, controller: PLAYERS[i % 2], when: 'upkeep', effects: [] } });
      for (const i of times(n)) s.send(register(i));
      s.passTo('end');
      return { hit: s.lastPass(), past: register(n) };
    },
  },
  maxEffectsInForce: {
    worstCase: 'the pass that ends a turn with 1,000 "until end of turn" effects: cleanup ends them all',
    past: 'the 1,001st effect.create',
    build: (s, n) => {
      const create = (i: number): TurnEvent => ({ type: 'effect.create', effect: { id: `e${i}`, until: 'endOfTurn' } });
      for (const i of times(n)) s.send(create(i));
      s.passTo('end');
      return { hit: s.lastPass(), past: create(n) };
    },
  },
  maxExtraTurns: fillWithSpells(
    'extraTurn', { extraTurn: { player: 'A' } },
    'the pass that resolves the 50th spell of 200 extraTurn effects (9,800 → 10,000 queued)',
  ),
  maxSkips: fillWithSpells(
    'skip', { skip: { player: 'B', step: 'draw' } },
    'the pass that resolves the 5th spell of 200 skip effects (800 → 1,000 waiting)',
  ),
  maxPlannedPhases: {
    worstCase: 'the pass that resolves one addPhases filling the plan to 1,000 phases',
    past: 'resolving one more addPhases: limitReached',
    build: (s, n) => {
      const room = n - s.game.view().plan.length;
      s.send(s.cast('phases', [{ addPhases: { phases: Array.from({ length: room }, () => 'combat' as const) } }]));
      return { hit: s.lastPass(), past: (after) => { after.send(after.cast('onePhase', [{ addPhases: { phases: ['combat'] } }])); return after.lastPass(); } };
    },
  },
  maxAmount: {
    worstCase: 'mana.add of 1,000,000',
    past: 'one more mana',
    build: (_s, n) => ({ hit: { type: 'mana.add', player: 'A', amount: n }, past: () => ({ type: 'mana.add', player: 'A', amount: 1 }) }),
  },
  maxStepsWithoutPriority: {
    worstCase: 'the pass that ends an upkeep with 1,000 untap steps planned after it: 50 are taken (502.4: no priority in them)',
    past: 'the rest: limitReached, not taken',
    build: (s, n) => {
      const plan = (after: Setup) => {
        after.send(after.cast('untaps', times(10).map(() => ({ addStep: { step: 'untap', count: 100 } }))));
        after.pass();
        after.pass();
        return after.lastPass();
      };
      void n;
      return { hit: plan(s), past: plan };
    },
  },
  maxMarks: {
    worstCase: 'target.invalidate of the 10,000th illegal target',
    past: 'the 10,001st',
    build: (s, n) => {
      for (const i of times(n - 1)) s.send({ type: 'target.invalidate', id: `t${i}` });
      return { hit: { type: 'target.invalidate', id: `t${n - 1}` }, past: () => ({ type: 'target.invalidate', id: `t${n}` }) };
    },
  },
};

export interface SendCost {
  ms: number;
  /** CPU time of the process during the send (steadier than `ms` on a busy machine). */
  cpuMs: number;
  /** Heap growth during the send (no GC in between): roughly what it allocated. */
  allocatedMB: number;
  /** Heap growth still there after a full GC. */
  keptMB: number;
  /** What happened: accepted, refused (rule: reason), or effects not performed. */
  outcome: string;
}

export interface LimitRow {
  limit: keyof Limits;
  value: number;
  worstCase: string;
  hit: SendCost | null;
  pastWhat: string;
  past: SendCost | null;
  setupSeconds: number;
  note?: string;
}

/** The one send, on `runs` actors restored from `json` (after one unmeasured, which warms up); medians. */
function measureSend(gc: () => void, json: string, event: TurnEvent, runs: number): SendCost {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  const allocated: number[] = [];
  const kept: number[] = [];
  let outcome = '';
  for (let r = -1; r < runs; r += 1) {
    const actor = createActor(turnMachine, { input: { players: PLAYERS }, snapshot: restoreSnapshot(JSON.parse(json)) });
    let refusal: string | null = null;
    let limitReached = 0;
    actor.on('rejected', (e) => { refusal = `refused (${e.rule}): ${e.reason}`; });
    actor.on('history', (e) => { if (e.record.type === 'limitReached') limitReached += 1; });
    actor.start();
    gc();
    const h0 = heapUsed();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    actor.send(event);
    const t1 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    const h1 = heapUsed();
    gc();
    const h2 = heapUsed();
    actor.stop();
    if (r < 0) continue;
    ms.push(t1 - t0);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    allocated.push((h1 - h0) / 2 ** 20);
    kept.push((h2 - h0) / 2 ** 20);
    outcome = refusal ?? (limitReached > 0 ? `accepted; ${limitReached} × limitReached` : 'accepted');
  }
  return { ms: median(ms), cpuMs: median(cpuMs), allocatedMB: median(allocated), keptMB: median(kept), outcome };
}

export function run(options: { runs: number }): LimitRow[] {
  const gc = exposeGc();
  const rows: LimitRow[] = [];
  for (const limit of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const value = DEFAULT_LIMITS[limit];
    const c = CASES[limit];
    if (!c) {
      rows.push({ limit, value, worstCase: '—', hit: null, pastWhat: '—', past: null, setupSeconds: 0, note: 'no worst case written in bench/limits.ts yet' });
      continue;
    }
    const t0 = performance.now();
    const s = new Setup();
    const built = c.build(s, value);
    const position = s.persist();
    let pastPosition = position;
    let pastEvent: TurnEvent;
    if (typeof built.past === 'function') {
      s.send(built.hit);
      pastEvent = built.past(s);
      pastPosition = s.persist();
    } else {
      pastEvent = built.past;
    }
    s.game.stop();
    const setupSeconds = (performance.now() - t0) / 1000;
    const hit = measureSend(gc, position, built.hit, options.runs);
    if (hit.outcome.startsWith('refused')) throw new Error(`${limit}: the send at the limit was ${hit.outcome}`);
    const past = measureSend(gc, pastPosition, pastEvent, options.runs);
    if (past.outcome === 'accepted') throw new Error(`${limit}: the event past the limit was accepted`);
    rows.push({ limit, value, worstCase: c.worstCase, hit, pastWhat: c.past, past, setupSeconds });
  }
  return rows;
}

/**
 * Every limit at its maximum at once (issue 21): 1,000 "at the beginning of untap" abilities
 * registered, 1,000 effects in force, 10,000 extra turns and 1,000 skips waiting, the plan of the
 * beginning phase filled with 1,000 untap steps — then the one pass that ends the upkeep: untap
 * steps up to maxStepsWithoutPriority (each walking every registered ability and effect; the
 * pending abilities fill to 1,000), the rest not taken (`limitReached`), and the 1,000 waiting
 * abilities put on the stack (1,000 objects) as the next upkeep's priority comes.
 * `bySeats`: every event a player's own through their seat (spells whose effects do it all);
 * else the host's reports (trigger.register, effect.create, target.invalidate: 10,000 marks).
 */
function buildAllAtOnce(s: Setup, bySeats: boolean): TurnEvent {
  const L = DEFAULT_LIMITS;
  const send = (event: TurnEvent) => {
    const holder = s.holder;
    const refusal = bySeats ? s.game.seat(holder).send(event) : s.game.send(event);
    if (refusal) throw new Error(`setup: ${event.type} refused: ${refusal.reason}`);
  };
  const castAndResolve = (id: string, effects: ResolutionEffect[]) => {
    send(s.cast(id, effects));
    send({ type: 'priority.pass', player: s.holder });
    send({ type: 'priority.pass', player: s.holder });
  };
  const spells = (what: string, total: number, effect: (i: number) => ResolutionEffect) => {
    for (let k = 0; k * L.maxEffects < total; k += 1) {
      castAndResolve(`${what}${k}`, times(Math.min(L.maxEffects, total - k * L.maxEffects)).map((j) => effect(k * L.maxEffects + j)));
    }
  };
  if (bySeats) {
    spells('ats', L.maxRegisteredTriggers, (i) => ({ at: { id: `u${i}`, controller: PLAYERS[i % 2], when: 'untap' } }));
    spells('effects', L.maxEffectsInForce, (i) => ({ createEffect: { id: `e${i}`, until: 'endOfTurn' } }));
  } else {
    for (const i of times(L.maxRegisteredTriggers)) send({ type: 'trigger.register', trigger: { id: `u${i}`, controller: PLAYERS[i % 2], when: 'untap' } });
    for (const i of times(L.maxEffectsInForce)) send({ type: 'effect.create', effect: { id: `e${i}`, until: 'endOfTurn' } });
    for (const i of times(L.maxMarks)) send({ type: 'target.invalidate', id: `t${i}` });
  }
  spells('turns', L.maxExtraTurns, () => ({ extraTurn: { player: 'B' } }));
  spells('skips', L.maxSkips, () => ({ skip: { player: 'B', step: 'draw' } }));
  spells('steps', L.maxPlannedPhases - s.game.view().plan.length, () => ({ addStep: { step: 'untap', count: 1 } }));
  send({ type: 'priority.pass', player: s.holder });
  return { type: 'priority.pass', player: s.holder };
}

export interface AllAtOnceRow {
  built: 'by seats' | 'by host reports';
  records: number;
  cost: SendCost;
  setupSeconds: number;
}

/** The send with every limit at its maximum at once (see `buildAllAtOnce`), both ways. */
export function allAtOnce(options: { runs: number }): AllAtOnceRow[] {
  const gc = exposeGc();
  return (['by seats', 'by host reports'] as const).map((built) => {
    const t0 = performance.now();
    const s = new Setup();
    const event = buildAllAtOnce(s, built === 'by seats');
    const position = s.persist();
    const before = s.game.history.length;
    s.send(event);
    const records = s.game.history.length - before;
    s.game.stop();
    const setupSeconds = (performance.now() - t0) / 1000;
    return { built, records, cost: measureSend(gc, position, event, options.runs), setupSeconds };
  });
}

/** The lines of `allAtOnce`'s rows. */
export function allAtOnceTable(rows: AllAtOnceRow[]): string[] {
  return [
    '| every limit at its maximum at once, built | the one send | records | ms | CPU ms | MB allocated | MB kept | outcome |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.built} | the pass ending the upkeep | ${r.records.toLocaleString('en')} | ${fmt(r.cost.ms, 2)} | ${fmt(r.cost.cpuMs, 2)} | ${fmt(r.cost.allocatedMB, 2)} | ${fmt(r.cost.keptMB, 2)} | ${r.cost.outcome} |`),
  ];
}

const fmt = (n: number, digits: number) => n.toFixed(digits);

/** The markdown table of `run`'s rows. */
export function limitsTable(rows: LimitRow[]): string[] {
  const lines = [
    '| limit | value | worst case: the one send measured | ms | CPU ms | MB allocated | MB kept | past the limit | outcome | ms |',
    '|---|---:|---|---:|---:|---:|---:|---|---|---:|',
  ];
  for (const r of rows) {
    if (!r.hit || !r.past) {
      lines.push(`| ${r.limit} | ${r.value.toLocaleString('en')} | ${r.note ?? '—'} | | | | | | | |`);
      continue;
    }
    const outcome = r.past.outcome.replace(/^refused \((\w+)\):.*$/, 'refused ($1)');
    lines.push(`| ${r.limit} | ${r.value.toLocaleString('en')} | ${r.worstCase}${r.hit.outcome === 'accepted' ? '' : ` (${r.hit.outcome})`} | `
      + `${fmt(r.hit.ms, 2)} | ${fmt(r.hit.cpuMs, 2)} | ${fmt(r.hit.allocatedMB, 2)} | ${fmt(r.hit.keptMB, 2)} | ${r.pastWhat} | ${outcome} | ${fmt(r.past.ms, 2)} |`);
  }
  return lines;
}

// `npx tsx bench/limits.ts [runs] [--all]`: the table alone (npm run bench -- --limits runs it in its own worker).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runs = Number(process.argv[2] ?? 7);
  if (!process.argv.includes('--all')) console.log(limitsTable(run({ runs })).join('\n'));
  console.log(allAtOnceTable(allAtOnce({ runs })).join('\n'));
}
