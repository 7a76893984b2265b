import type { HistoryEvent, HistoryRecord, Where } from '../vocabulary/history.js';
import { NO_HOOKS, type HostHooks } from './hooks.js';
import type { GameContext, Zones } from './types.js';

/**
 * A working copy of the context for one named action. Containers (lists, records) are
 * copied the first time a rule touches them, so rules may push and splice them; the
 * items inside (stack objects, effects…) are values, replaced and never mutated. Past
 * snapshots stay intact (undo, time travel) and untouched parts are shared.
 */
export interface Draft {
  readonly ctx: GameContext;
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
type Copier = (value: never) => unknown;

const copyList = (list: readonly unknown[]) => [...list];
const copyRecord = (record: object) => ({ ...record });
const COPIERS: Partial<Record<Key, Copier>> = {
  stepQueue: copyList, phaseQueue: copyList, stepsThisTurn: copyList, extraTurns: copyList, skips: copyList,
  stack: copyList, pendingTriggers: copyList, triggers: copyList, onStateBasedActions: copyList, onDiscard: copyList, phasesBegun: copyList,
  ceaseAtNextCheck: copyList, effects: copyList, attackers: copyList, blockers: copyList,
  defendersToDeclare: copyList, illegalTargets: copyList, falseConditions: copyList,
  priority: copyRecord, manaPool: copyRecord, handSize: copyRecord,
  // Its lists are replaced, never changed in place (`putInZone`): only the list written is copied.
  zones: copyRecord,
  pendingControl: copyList,
};

/** Same items in the same places (one level down for records of lists, like zones). */
function sameShallow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((k) => {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    return x === y || (Array.isArray(x) && sameShallow(x, y));
  });
}

class DraftContext {
  readonly touched: Partial<Record<Key, unknown>> = {};
  constructor(readonly base: GameContext) {}
}

let prototypeReady = false;
function definePrototype(keys: readonly string[]): void {
  for (const key of keys as Key[]) {
    const copier = COPIERS[key];
    Object.defineProperty(DraftContext.prototype, key, {
      get(this: DraftContext) {
        if (key in this.touched) return this.touched[key];
        const value = this.base[key];
        if (!copier || value === null) return value;
        return (this.touched[key] = copier(value as never));
      },
      set(this: DraftContext, value: unknown) {
        this.touched[key] = value;
      },
    });
  }
  prototypeReady = true;
}

export function beginDraft(context: GameContext, hooks: HostHooks = NO_HOOKS, recording = true): Draft {
  if (!prototypeReady) definePrototype(Object.keys(context));
  return { ctx: new DraftContext(context) as unknown as GameContext, records: [], hooks, refusals: [], recording };
}

/**
 * A copy of the context whose containers — what a draft copies before rules change them in
 * place — are fresh, the items inside shared: a context a rules function may then change in
 * place without touching the original.
 */
export function copyContainers(context: GameContext): GameContext {
  const copy: Record<string, unknown> = { ...context };
  for (const [key, copier] of Object.entries(COPIERS)) {
    if (copy[key] !== null) copy[key] = copier(copy[key] as never);
  }
  return copy as unknown as GameContext;
}

/**
 * The parts of the context a draft really changed (nothing when it only read or recorded):
 * what differs from the context it began from, or from `against` (a context the draft's
 * earlier changes were written into).
 */
export function changesOf(draft: Draft, against?: GameContext): Partial<GameContext> | null {
  const { base, touched } = draft.ctx as unknown as DraftContext;
  const from = against ?? base;
  let changes: Partial<Record<Key, unknown>> | null = null;
  for (const key of Object.keys(touched) as Key[]) {
    if (sameShallow(touched[key], from[key])) continue;
    (changes ??= {})[key] = touched[key];
  }
  return changes as Partial<GameContext> | null;
}

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
  if (Object.values(zones).some((ids) => ids.length > 0)) ctx.zones = { exile: [], graveyard: [], battlefield: [], ceasedToExist: [], leftGame: [] };
  if (ctx.zoneOwners.length > 0) ctx.zoneOwners = [];
}

/** An object leaves every zone it is in (the history option's zones; see `putInZone`). */
export function takeFromZones(draft: Draft, id: string): void {
  const { ctx } = draft;
  if (!ctx.options.history) return;
  const { zones } = ctx;
  for (const zone of ['exile', 'graveyard', 'battlefield'] as const) {
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
