import type { HistoryEvent, HistoryRecord, Where } from '../vocabulary/history.js';
import { NO_HOOKS, type HostHooks } from './hooks.js';
import type { GameContext, Zones } from './types.js';

/**
 * A `T` whose container is writable: a list one may push to and splice, a record whose fields
 * one may assign. What is inside stays as `T` has it — readonly.
 */
export type Writable<T> = T extends readonly (infer I)[] ? I[] : { -readonly [K in keyof T]: T[K] };

/** The context's containers: its keys whose values are lists or records (the copy-on-write draft decides for each). */
export type ContainerKey = { [K in keyof GameContext]-?: NonNullable<GameContext[K]> extends object ? K : never }[keyof GameContext];

/** How a draft copies a container before a rule changes it in place. */
type Copier<T> = (value: T) => Writable<T>;

/**
 * The mark of a container rules never change in place: they assign a new one (`ctx.resolution
 * = { ...ctx.resolution, next }`), so a draft need not copy it, and its type stays readonly.
 */
const REPLACED = 'replaced';

/** What `COPIERS` must say for every container of the context: how to copy it, or that it is only ever replaced. */
export type CopierTable = { readonly [K in ContainerKey]: Copier<NonNullable<GameContext[K]>> | typeof REPLACED };

const copyList = <T>(list: readonly T[]): T[] => [...list];
// A spread of a readonly record is the same record with writable fields.
const copyRecord = <T extends object>(record: T): Writable<T> => ({ ...record }) as Writable<T>;

/**
 * What a draft does with each container of the context: copies it (then rules may change it
 * in place: push, splice, assign a field) or leaves it to be replaced whole. Total over
 * `ContainerKey`: a new list or record in `GameContext` without an entry here does not compile.
 */
const COPIERS = {
  stepQueue: copyList, phaseQueue: copyList, stepsThisTurn: copyList, extraTurns: copyList, skips: copyList,
  stack: copyList, pendingTriggers: copyList, triggers: copyList, onStateBasedActions: copyList, onDiscard: copyList, phasesBegun: copyList,
  ceaseAtNextCheck: copyList, effects: copyList, attackers: copyList, blockers: copyList,
  defendersToDeclare: copyList, illegalTargets: copyList, falseConditions: copyList,
  priority: copyRecord, manaPool: copyRecord, handSize: copyRecord,
  // Its lists are replaced, never changed in place (`putInZone`): only the list written is copied.
  zones: copyRecord,
  pendingControl: copyList,
  players: REPLACED, sides: REPLACED, teams: REPLACED, options: REPLACED, limits: REPLACED,
  resolution: REPLACED, triggerPass: REPLACED, control: REPLACED, left: REPLACED, winners: REPLACED,
  zoneOwners: REPLACED, shortcuts: REPLACED,
} as const satisfies CopierTable;

/** The containers a draft copies (and a rule may therefore change in place). */
export type CopiedKey = { [K in ContainerKey]: (typeof COPIERS)[K] extends typeof REPLACED ? never : K }[ContainerKey];

/**
 * The context as a rules function may change it: every field assignable; the containers the
 * draft copies (`CopiedKey`) writable themselves; everything inside them, and every other
 * container, readonly — replaced, never changed.
 */
export type WorkingContext = {
  -readonly [K in keyof GameContext]: K extends CopiedKey ? Writable<GameContext[K]> : GameContext[K];
};

/**
 * A working copy of the context for one named action. Containers (lists, records) are
 * copied the first time a rule touches them, so rules may push and splice them; the
 * items inside (stack objects, effects…) are values, replaced and never mutated. Past
 * snapshots stay intact (undo, time travel) and untouched parts are shared.
 */
export interface Draft {
  readonly ctx: WorkingContext;
  /** What happened, in order (emitted as history). */
  readonly records: HistoryRecord[];
  /** The host game engine's hooks. */
  readonly hooks: HostHooks;
  /** What the engine handed back that could not be accepted (emitted as `rejected`). */
  readonly refusals: { event: unknown; reason: string; rule: string }[];
  /** False: `record` keeps nothing (a playout that does not keep history). */
  readonly recording?: boolean;
}

type Key = keyof GameContext;

/** Same items in the same places (one level down for records of lists, like zones). */
function sameShallow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
    return true;
  }
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const k of keysA) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (x !== y && !(Array.isArray(x) && sameShallow(x, y))) return false;
  }
  return true;
}

/** A field a draft has not read or written yet. */
const UNTOUCHED: unique symbol = Symbol('untouched');

class DraftContext {
  /**
   * What the draft read or wrote, by the field's index in `FIELDS` (UNTOUCHED: not yet), and
   * which fields, in the order first touched: a list of fixed length, not a record that grows
   * key by key into one of many shapes (slow to read, slower to walk).
   */
  readonly touched: unknown[] = new Array<unknown>(FIELD_COUNT).fill(UNTOUCHED);
  readonly order: number[] = [];
  constructor(readonly base: GameContext) {}
}

/** The context's other fields: plain values (numbers, ids, flags), read and assigned as they are. Total, like `COPIERS`. */
const VALUES = {
  activeSide: true, turn: true, turnId: true, extraTurn: true, nextTurnId: true, phase: true, phaseId: true, nextPhaseId: true,
  step: true, firstStrikeStepDone: true, nextRegularSide: true, procedure: true, stateBasedActionsScheduled: true,
  sbaPerformed: true, combatEndedBy: true, controlExtraTurns: true,
} as const satisfies { readonly [K in Exclude<Key, ContainerKey>]: true };

/** Every field of the context, each with its index in a draft's `touched`. */
const FIELDS = [...Object.keys(COPIERS), ...Object.keys(VALUES)] as Key[];
const FIELD_COUNT = FIELDS.length;

// One accessor per field of the context, on the prototype every draft shares: defined once,
// here, from the two total tables (so no draft depends on the shape of the first context seen).
FIELDS.forEach((key, index) => {
  const entry: unknown = (COPIERS as Partial<Record<Key, unknown>>)[key];
  const copier = typeof entry === 'function' ? entry as (value: unknown) => unknown : undefined;
  Object.defineProperty(DraftContext.prototype, key, {
    get(this: DraftContext) {
      const touched = this.touched[index];
      if (touched !== UNTOUCHED) return touched;
      const value = this.base[key];
      if (!copier || value === null) return value;
      this.order.push(index);
      return (this.touched[index] = copier(value));
    },
    set(this: DraftContext, value: unknown) {
      if (this.touched[index] === UNTOUCHED) this.order.push(index);
      this.touched[index] = value;
    },
  });
});

/**
 * Whether the contexts drafts begin from are deeply frozen first: on in the test suite
 * (vitest.config.ts sets MTG_TURN_MACHINE_FREEZE), off otherwise. A snapshot's context is
 * never changed; frozen, a rules function that changes one in place — an item inside a list,
 * or a container the draft does not copy — throws where it does so, instead of quietly changing
 * the past. Read once: production pays one untaken branch per draft.
 */
const FREEZE_BASES: boolean = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.MTG_TURN_MACHINE_FREEZE === '1';

/** Values already frozen all the way down (a frozen object's children may not be: only ours are known to be). */
const frozenDeep = new WeakSet<object>();

/** Freezes `value` and everything in it (plain JSON: objects and lists). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozenDeep.has(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  Object.freeze(value);
  frozenDeep.add(value);
  return value;
}

/**
 * A copy-on-write draft of a snapshot's context (`context` itself is never changed; in the
 * test suite it is frozen first, see `FREEZE_BASES`).
 */
export function beginDraft(context: GameContext, hooks: HostHooks = NO_HOOKS, recording = true): Draft {
  if (FREEZE_BASES) deepFreeze(context);
  return { ctx: new DraftContext(context) as unknown as WorkingContext, records: [], hooks, refusals: [], recording };
}

/**
 * A copy-on-write draft of a context its owner goes on changing in place (a playout's): as
 * `beginDraft`, never frozen — the owner writes the changes back into it.
 */
export function beginDraftOfOwned(context: WorkingContext, hooks: HostHooks = NO_HOOKS, recording = true): Draft {
  return { ctx: new DraftContext(context) as unknown as WorkingContext, records: [], hooks, refusals: [], recording };
}

/**
 * A draft begun by `beginDraftOfOwned`, made as new again once its owner has taken its changes,
 * records and refusals: what it read and wrote is forgotten, and nothing is allocated. For an
 * owner that runs action after action through drafts (a playout's tracked microsteps).
 */
export function restartDraftOfOwned(draft: Draft): void {
  const ctx = draft.ctx as unknown as DraftContext;
  for (const index of ctx.order) ctx.touched[index] = UNTOUCHED;
  ctx.order.length = 0;
  draft.records.length = 0;
  draft.refusals.length = 0;
}

/**
 * In the test suite (see `FREEZE_BASES`), freezes what `WorkingContext` keeps readonly in a
 * context its owner changes in place (a playout's): the items inside the containers a draft
 * copies, and the containers it never copies, whole. The containers themselves stay writable.
 * Does nothing outside the suite.
 */
export function freezeReadonlyParts(context: WorkingContext): void {
  if (!FREEZE_BASES) return;
  const fields = context as unknown as Record<string, unknown>;
  for (const [key, entry] of Object.entries(COPIERS)) {
    const value = fields[key];
    if (typeof entry !== 'function') deepFreeze(value);
    else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) deepFreeze(item);
  }
}

/**
 * A copy of the context whose containers — what a draft copies before rules change them in
 * place — are fresh, the items inside shared: a context a rules function may then change in
 * place without touching the original.
 */
export function copyContainers(context: GameContext): WorkingContext {
  const copy: Record<string, unknown> = { ...context };
  for (const [key, entry] of Object.entries(COPIERS)) {
    if (typeof entry === 'function' && copy[key] !== null) copy[key] = (entry as (value: unknown) => unknown)(copy[key]);
  }
  // Every container `WorkingContext` makes writable was copied just above.
  return copy as unknown as WorkingContext;
}

/**
 * The parts of the context a draft really changed (nothing when it only read or recorded):
 * what differs from the context it began from, or from `against` (a context the draft's
 * earlier changes were written into).
 */
export function changesOf(draft: Draft, against?: GameContext): Partial<GameContext> | null {
  const { base, touched, order } = draft.ctx as unknown as DraftContext;
  const from = against ?? base;
  let changes: Partial<Record<Key, unknown>> | null = null;
  for (const index of order) {
    const key = FIELDS[index];
    if (sameShallow(touched[index], from[key])) continue;
    (changes ??= {})[key] = touched[index];
  }
  return changes as Partial<GameContext> | null;
}

/**
 * Whether `record` keeps what it is given. A rule on the hot path (a pass, a step beginning)
 * asks first, so that a game that keeps no history does not build the record `record` would
 * drop: the same records, in the same order, whenever they are kept.
 */
export const isRecording = (draft: Draft): boolean => draft.recording !== false;

/** Stamps `event` with where it happened (turn, phase, step) and keeps it, unless the draft is not recording. */
export function record(draft: Draft, event: HistoryEvent): void {
  if (draft.recording === false) return;
  // Every caller passes a fresh literal: stamp it rather than copy it (a spread over the
  // dozen record shapes is megamorphic and costly).
  const { turn, phase, step } = draft.ctx;
  const stamped = event as HistoryEvent & Where;
  stamped.turn = turn;
  stamped.phase = phase;
  stamped.step = step;
  draft.records.push(stamped as unknown as HistoryRecord);
}

/**
 * Objects go to a zone (608.2n, 608.3, 723.1b, 704.5e). The zones are a record of the past —
 * no rule but 800.4a reads them — so they are kept as long as the history option keeps the
 * past: the whole game, this turn (`beginTurnOfZones`), or not at all. A zone's list is
 * replaced, never changed in place (`view` hands the lists out as they are): a draft copies
 * the zones' record, and only the list written.
 */
export function putInZone(draft: Draft, zone: keyof Zones, ids: readonly string[]): void {
  const { ctx } = draft;
  if (!ctx.options.history || ids.length === 0) return;
  const { zones } = ctx;
  zones[zone] = [...zones[zone], ...ids];
}

/**
 * With `history: 'turn'` the zones, like the records, are the current turn's: a turn begins
 * with them empty, and with them 800.4a's owners of what was in them. What a game holds then
 * stays bounded however long it lasts.
 */
export function beginTurnOfZones(draft: Draft): void {
  const { ctx } = draft;
  if (ctx.options.history !== 'turn') return;
  const { zones } = ctx;
  for (const name of ZONE_NAMES) {
    if (zones[name].length > 0) {
      ctx.zones = emptyZones();
      break;
    }
  }
  if (ctx.zoneOwners.length > 0) ctx.zoneOwners = [];
}

/** The zones a game keeps as a record of the past (see `putInZone`), each empty: how a game begins, and a turn under history 'turn'. */
export const emptyZones = (): WorkingContext['zones'] => ({ exile: [], graveyard: [], battlefield: [], ceasedToExist: [], leftGame: [] });

const ZONE_NAMES = Object.keys(emptyZones()) as (keyof Zones)[];

const ZONES_AN_OBJECT_LEAVES = ['exile', 'graveyard', 'battlefield'] as const;

/** An object leaves every zone it is in (the history option's zones; see `putInZone`). */
export function takeFromZones(draft: Draft, id: string): void {
  const { ctx } = draft;
  if (!ctx.options.history) return;
  const { zones } = ctx;
  for (const zone of ZONES_AN_OBJECT_LEAVES) {
    if (zones[zone].includes(id)) zones[zone] = zones[zone].filter((x) => x !== id);
  }
}

/** Removes the first occurrence of `item`; returns whether it was there. */
export function removeItem<T>(list: T[], item: T): boolean {
  const index = list.indexOf(item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}

/** Players in turn order starting with `first` (APNAP order when `first` is active, 101.4). */

/** A resolving effect that would pass a limit is not performed; the history says so (never silence). */
export function limitReached(draft: Draft, limit: keyof GameContext['limits'], what: string): void {
  record(draft, { type: 'limitReached', limit, id: what });
}
