// Persisted snapshots carry the version of the machine they came from; restoring one
// into another version fails with a clear error instead of a broken actor (DESIGN-NOTES).
import type { AnyActor, Snapshot } from 'xstate';
import { turnMachine, type TurnSnapshot } from '../machine/index.js';
import { initialContext } from '../rules/setup.js';

/** FNV-1a over the machine's serialised config: any change to states, transitions, guards or actions changes it. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Changes whenever the machine's config or the shape of its context changes. */
export const MACHINE_VERSION = `mtgTurn@${fingerprint(
  JSON.stringify(turnMachine.config) + Object.keys(initialContext({ players: ['A', 'B'] })).join(),
)}`;

export interface PersistedGame {
  version: string;
  snapshot: Snapshot<unknown>;
}

export class SnapshotVersionError extends Error {
  constructor(found: unknown) {
    super(`cannot restore a snapshot of ${typeof found === 'string' ? found : 'an unknown version'}: this is ${MACHINE_VERSION}. `
      + 'Persisted games resume only on the machine version that saved them.');
    this.name = 'SnapshotVersionError';
  }
}

/** A JSON-ready persisted snapshot of a running turn actor. */
export function persistGame(actor: AnyActor): PersistedGame {
  return { version: MACHINE_VERSION, snapshot: actor.getPersistedSnapshot() };
}

/** Checks the version and returns the snapshot to pass to `createTurnActor` or `createGame`. */
export function restoreSnapshot(persisted: unknown): Snapshot<unknown> {
  const candidate = persisted as Partial<PersistedGame> | null;
  if (typeof candidate !== 'object' || candidate === null || !('snapshot' in candidate)) {
    throw new SnapshotVersionError(undefined);
  }
  if (candidate.version !== MACHINE_VERSION) throw new SnapshotVersionError(candidate.version);
  return candidate.snapshot as Snapshot<unknown>;
}

/**
 * A snapshot of the turn machine as an inspector streams it (`{ value, context }`), for
 * `view`; null when it is not one of this machine's.
 */
export function snapshotFromInspection(inspected: unknown): TurnSnapshot | null {
  const candidate = inspected as { value?: unknown; context?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null || candidate.context === undefined || candidate.value === undefined) return null;
  try {
    return turnMachine.resolveState({ value: candidate.value as never, context: candidate.context as never }) as TurnSnapshot;
  } catch {
    return null;
  }
}
