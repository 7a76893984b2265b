import type { MachineEvent } from '../events.js';
import type { HistoryRecord } from '../rules/draft.js';

/** What the machine emits: every history record, and every refusal (never silence). */
export type TurnEmitted =
  | { type: 'history'; record: HistoryRecord }
  | { type: 'rejected'; event: MachineEvent; reason: string; rule: string };
