import type { Refusal } from '../rules/legality.js';
import type { HistoryRecord } from '../vocabulary/index.js';

/** What the machine emits: every history record, and every refusal (never silence). */
export type TurnEmitted =
  | { type: 'history'; record: HistoryRecord }
  | ({ type: 'rejected'; event: unknown } & Refusal);
