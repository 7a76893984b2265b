// Standing passes (shortcuts, 732.2 in 2026 editions, 730.2 in 2025; 117.3d, 117.4): the words of
// a player's announcement "I pass until …" — where it ends (`until`), what ends it early
// (`unless`), what it declares for the player, and MTGO/Arena-style stops. Declared once: the
// events, the scenario format, the context schema and the JSON Schema all read these.
import { PHASES, STEPS, type PhaseId, type PlayerId, type StepId, type TeamId } from './ids.js';
import { quote } from './parse.js';
import { boolean, list, literal, object, optional, picklist, ref, type Report, type Schema } from './schema.js';

/**
 * Where a standing pass ends (exactly one form): as the next step or phase (of a turn of
 * `turnOf`, or anyone's) begins; as this turn ends; as `nextTurnOf`'s next turn begins.
 */
export interface ShortcutUntil {
  step?: StepId;
  phase?: PhaseId;
  /** With `step` or `phase`: only in a turn of this player (with teams, this team). */
  turnOf?: PlayerId | TeamId;
  endOfTurn?: true;
  nextTurnOf?: PlayerId | TeamId;
}

/** What ends a standing pass early, at once (default: all three). */
export const SHORTCUT_CONDITIONS = ['opponentCasts', 'opponentActivates', 'ownTrigger'] as const;
/** What ends a standing pass early (`unless`): an opponent casts or activates, or an ability of the side's is put on the stack. */
export type ShortcutCondition = (typeof SHORTCUT_CONDITIONS)[number];

/** Why a standing pass ended (`shortcutEnded.reason`); `stop` is the API's stops (not in the scenario format). */
export const SHORTCUT_END_REASONS = [
  'until', 'opponentCasts', 'opponentActivates', 'ownTrigger', 'replaced', 'cancelled', 'leftGame', 'controlEnded', 'loopGuard', 'stop',
] as const;
/** Why a standing pass ended (`shortcutEnded.reason`). */
export type ShortcutEndReason = (typeof SHORTCUT_END_REASONS)[number];

/** Whose turn a stop is for: the player's own (`own`: their team's, with teams), another's (`others`), or any (omitted). */
export const STOP_WHOSE = ['own', 'others'] as const;
/** Whose turns a stop applies in: the side's own, or the others'. */
export type StopWhose = (typeof STOP_WHOSE)[number];

/**
 * A stop (MTGO, Arena): the standing pass ends as this step or phase begins (exactly one of
 * `step`, `phase`), in the player's own turns, the others' turns, or anyone's.
 */
export interface ShortcutStop {
  step?: StepId;
  phase?: PhaseId;
  whose?: StopWhose;
}

/** The standing pass itself, as an event announces it (and as VIEW `shortcuts` shows it, defaults filled). */
export interface ShortcutSpec {
  until: ShortcutUntil;
  unless?: ShortcutCondition[];
  declareNoAttackers?: boolean;
  declareNoBlockers?: boolean;
  /** API only (not in the scenario format): it also ends at the first of these stops. */
  stops?: ShortcutStop[];
}

const UNTIL_FORMS = '{"step": S}, {"phase": P} (each with an optional "turnOf"), {"endOfTurn": true} or {"nextTurnOf": PLAYER}';

function checkUntil(until: ShortcutUntil, report: Report): void {
  const forms = (['step', 'phase', 'endOfTurn', 'nextTurnOf'] as const).filter((key) => until[key] !== undefined);
  if (forms.length === 0) {
    report([], `needs exactly one form: ${UNTIL_FORMS}`, 'missing');
    return;
  }
  if (forms.length > 1) report([], `give exactly one form, got ${forms.map(quote).join(' and ')} (${UNTIL_FORMS})`);
  if (until.turnOf !== undefined && (until.endOfTurn !== undefined || until.nextTurnOf !== undefined)) {
    report(['turnOf'], '"turnOf" goes with "step" or "phase", not with "endOfTurn" or "nextTurnOf"');
  }
}

/** The schema of `until`: exactly one of a step or phase (optionally of a player's turn), the end of this turn, or a player's next turn. */
export const shortcutUntil: Schema<ShortcutUntil> = object<ShortcutUntil>({
  step: optional(picklist(STEPS, 'step')),
  phase: optional(picklist(PHASES, 'phase')),
  turnOf: optional(ref('playerOrTeam')),
  endOfTurn: optional(literal(true)),
  nextTurnOf: optional(ref('playerOrTeam')),
}, { noun: 'an UNTIL (where the standing pass ends)', refine: checkUntil });

function checkConditions(conditions: ShortcutCondition[], report: Report): void {
  conditions.forEach((condition, index) => {
    if (conditions.indexOf(condition) < index) report([index], `${quote(condition)} is listed twice`);
  });
}

/** The schema of `unless`: distinct conditions. */
export const shortcutConditions: Schema<ShortcutCondition[]> = list(picklist(SHORTCUT_CONDITIONS, 'condition'), {
  max: SHORTCUT_CONDITIONS.length, noun: 'a list of distinct conditions', refine: checkConditions,
});

function checkStop(stop: ShortcutStop, report: Report): void {
  if (stop.step === undefined && stop.phase === undefined) report([], 'needs "step" or "phase"', 'missing');
  if (stop.step !== undefined && stop.phase !== undefined) report([], 'give "step" or "phase", not both');
}

/** The schema of a stop (MTGO/Arena style, API only): a step or phase, in whose turns. */
export const shortcutStop: Schema<ShortcutStop> = object<ShortcutStop>({
  step: optional(picklist(STEPS, 'step')),
  phase: optional(picklist(PHASES, 'phase')),
  whose: optional(picklist(STOP_WHOSE, 'whose')),
}, { noun: 'a stop', refine: checkStop });

/** Every step and phase × whose turn, at most: a longer list repeats itself. */
const MAX_STOPS = (STEPS.length + PHASES.length) * 3;

/** The fields of `shortcut.passUntil` besides `player` (the event declares them). */
export const shortcutFields = {
  until: shortcutUntil,
  unless: optional(shortcutConditions),
  declareNoAttackers: optional(boolean),
  declareNoBlockers: optional(boolean),
  stops: optional(list(shortcutStop, { max: MAX_STOPS, noun: 'a list of stops' })),
};

/** VIEW `shortcuts`: a side's standing pass in force, defaults filled (`unless` whole; declarations only when true). */
export interface ShortcutView {
  until: ShortcutUntil;
  unless: ShortcutCondition[];
  declareNoAttackers?: true;
  declareNoBlockers?: true;
  stops?: ShortcutStop[];
}
