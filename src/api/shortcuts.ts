// Typed helpers for standing passes (732.2): the events a UI or a bot sends for "pass until next
// step / end of turn / my next turn", a step or phase of someone's turn, and MTGO/Arena stops.
// They only build `shortcut.passUntil` / `shortcut.cancel` events; the machine checks them as any event.
import {
  PHASES, STEPS,
  type EventOfType, type PhaseId, type PlayerId, type ShortcutCondition, type ShortcutStop, type StepId, type StopWhose, type TeamId,
} from '../vocabulary/index.js';

/** The `shortcut.passUntil` event the builders make. */
export type PassUntilEvent = EventOfType<'shortcut.passUntil'>;

/** What a standing pass may add to its end point: the conditions that end it early, declarations of none, stops. */
export interface PassUntilOptions {
  /** Default: all three (`opponentCasts`, `opponentActivates`, `ownTrigger`); `[]`: none. */
  unless?: ShortcutCondition[];
  declareNoAttackers?: boolean;
  declareNoBlockers?: boolean;
  /** It also ends as the first of these begins (see `stopsAt`). */
  stops?: ShortcutStop[];
}

const build = (player: PlayerId | TeamId, until: PassUntilEvent['until'], options: PassUntilOptions): PassUntilEvent => ({
  type: 'shortcut.passUntil', player, until,
  ...(options.unless !== undefined && { unless: [...options.unless] }),
  ...(options.declareNoAttackers && { declareNoAttackers: true }),
  ...(options.declareNoBlockers && { declareNoBlockers: true }),
  ...(options.stops !== undefined && options.stops.length > 0 && { stops: options.stops.map((s) => ({ ...s })) }),
});

/** "I pass until the next `step` (of `turnOf`'s turn, or anyone's) begins." */
export const passUntilStep = (player: PlayerId | TeamId, step: StepId, turnOf?: PlayerId | TeamId, options: PassUntilOptions = {}) =>
  build(player, { step, ...(turnOf !== undefined && { turnOf }) }, options);

/** "I pass until the next `phase` (of `turnOf`'s turn, or anyone's) begins." */
export const passUntilPhase = (player: PlayerId | TeamId, phase: PhaseId, turnOf?: PlayerId | TeamId, options: PassUntilOptions = {}) =>
  build(player, { phase, ...(turnOf !== undefined && { turnOf }) }, options);

/** "I pass until end of turn" (through this turn's end step and any 514.3a cleanup priority). */
export const passUntilEndOfTurn = (player: PlayerId | TeamId, options: PassUntilOptions = {}) => build(player, { endOfTurn: true }, options);

/** "I pass until `whose` next turn begins" (default: my own). */
export const passUntilNextTurn = (player: PlayerId | TeamId, whose: PlayerId | TeamId = player, options: PassUntilOptions = {}) =>
  build(player, { nextTurnOf: whose }, options);

/** Every step and main phase: a stop at each, so a pass with them ends as the next step (or main phase) begins. */
export const EVERY_STEP: readonly ShortcutStop[] = [
  ...STEPS.map((step) => ({ step })),
  ...PHASES.filter((phase) => phase === 'precombatMain' || phase === 'postcombatMain').map((phase) => ({ phase })),
];

/** "I pass until the next step": until end of turn, with a stop at every step and main phase. */
export const passUntilNextStep = (player: PlayerId | TeamId, options: PassUntilOptions = {}) =>
  build(player, { endOfTurn: true }, { ...options, stops: [...EVERY_STEP, ...(options.stops ?? [])] });

/** MTGO/Arena stops: one per step or phase, in `whose` turns (`own`, `others`; omitted: anyone's). */
export function stopsAt(places: readonly (StepId | PhaseId)[], whose?: StopWhose): ShortcutStop[] {
  return places.map((place) => ({
    ...((STEPS as readonly string[]).includes(place) ? { step: place as StepId } : { phase: place as PhaseId }),
    ...(whose !== undefined && { whose }),
  }));
}

/** Ends the player's (team's) standing pass. */
export const cancelPassUntil = (player: PlayerId | TeamId): EventOfType<'shortcut.cancel'> => ({ type: 'shortcut.cancel', player });
