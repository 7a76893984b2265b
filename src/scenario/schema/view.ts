/** VIEW: what an `expect` entry can check (FORMAT.md). */
import { z } from 'zod';
import { HISTORY_RECORD_TYPES, PHASE_IDS, STEP_IDS, STEPS_THIS_TURN_IDS, WAITING_FOR } from './ids.js';
import { id, integer, oneOf, strictObject, type PlayerRef } from './common.js';
import type { HistoryRecordPattern, ViewExpectation } from './types.js';

export function viewSchema(player: PlayerRef): z.ZodType<ViewExpectation> {
  const ids = z.array(id);
  const perPlayer = z.record(player, integer(0));
  // Only the fields records have (FORMAT.md, "History records"): a misspelt field could never
  // match, and would make an `excludes` pass vacuously.
  const record = strictObject({
    type: oneOf(HISTORY_RECORD_TYPES, 'record type').optional(),
    turn: integer(1).optional(),
    phase: oneOf(PHASE_IDS, 'phase', { nullable: true }).nullable().optional(),
    step: oneOf(STEP_IDS, 'step', { nullable: true }).nullable().optional(),
    player: player.optional(),
    id: id.optional(),
    to: oneOf(['exile', 'graveyard', 'battlefield', 'hand'] as const, 'zone').optional(),
    into: id.optional(),
    source: id.optional(),
    count: integer(0).optional(),
  }) as z.ZodType<HistoryRecordPattern>;
  const records = z.array(record).optional();

  return strictObject({
    turn: integer(1).optional(),
    activePlayer: player.optional(),
    phase: oneOf(PHASE_IDS, 'phase').optional(),
    step: oneOf(STEP_IDS, 'step', { nullable: true }).nullable().optional(),
    priority: player.nullable().optional(),
    waitingFor: oneOf(WAITING_FOR, 'waitingFor value', { nullable: true }).nullable().optional(),
    stack: ids.optional(),
    pendingTriggers: ids.optional(),
    zones: strictObject({
      exile: ids.optional(),
      graveyard: ids.optional(),
      battlefield: ids.optional(),
      ceasedToExist: ids.optional(),
    }).optional(),
    effects: ids.optional(),
    attackers: ids.optional(),
    blockers: ids.optional(),
    manaPool: perPlayer.optional(),
    handSize: perPlayer.optional(),
    stepsThisTurn: z.array(oneOf(STEPS_THIS_TURN_IDS, 'step')).optional(),
    nextTurns: z.array(player).optional(),
    history: strictObject({ includes: records, excludes: records, sequence: records }).optional(),
  });
}
