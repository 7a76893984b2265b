// Rule numbers by edition (FORMAT.md "Rule numbers by edition"): the chapter holding "Ending
// Turns and Phases" has moved between editions of the Comprehensive Rules, and "Controlling
// Another Player" sits just before it. The ONE table of the project: records, refusals, the
// words of records, chart descriptions and the CLI cite the numbers of the edition in force
// (`options.rulesEdition`). Code, tests and docs write the September 2025 numbers (RULES.md):
// 723 ending the turn and the combat phase, 722 controlling another player.

/** The numbers of the chapters that moved between editions of the Comprehensive Rules. */
export interface RuleNumbers {
  /** The chapter "Ending Turns and Phases" (723 in September 2025). */
  endingTurnsAndPhases: string;
  /** The chapter "Controlling Another Player" (722 in September 2025). */
  controllingAnotherPlayer: string;
  /** The chapter "Taking Shortcuts" (730 in September 2025, 732 in 2026 editions; older rows inferred). */
  takingShortcuts: string;
}

/**
 * One row of the edition table: from which edition date its numbers hold. The evidence for a
 * row is `RULES_EDITION_EVIDENCE[row.from]`, kept apart so that a game, which reads only the
 * numbers, does not carry it.
 */
export interface RulesEditionRow extends RuleNumbers {
  /** The first edition (its date, YYYY-MM-DD) these numbers are taken to hold from. */
  from: string;
  /** The set released with that edition. */
  set: string;
  /** The row is inferred, not read in an edition of that date (FORMAT.md's "uncertain" rows). */
  uncertain: boolean;
}

/** Oldest first. A date falls in the last row whose `from` is not after it. */
export const RULES_EDITIONS: readonly RulesEditionRow[] = [
  { from: '2019-10-04', set: 'Throne of Eldraine', endingTurnsAndPhases: '717', takingShortcuts: '724', controllingAnotherPlayer: '716', uncertain: true },
  { from: '2021-07-23', set: 'Adventures in the Forgotten Realms', endingTurnsAndPhases: '718', takingShortcuts: '725', controllingAnotherPlayer: '717', uncertain: true },
  { from: '2022-10-07', set: 'Unfinity', endingTurnsAndPhases: '719', takingShortcuts: '726', controllingAnotherPlayer: '718', uncertain: true },
  { from: '2022-11-18', set: 'The Brothers\' War', endingTurnsAndPhases: '720', takingShortcuts: '727', controllingAnotherPlayer: '719', uncertain: true },
  { from: '2024-02-09', set: 'Murders at Karlov Manor', endingTurnsAndPhases: '721', takingShortcuts: '728', controllingAnotherPlayer: '720', uncertain: true },
  { from: '2025-04-11', set: 'Tarkir: Dragonstorm', endingTurnsAndPhases: '722', takingShortcuts: '729', controllingAnotherPlayer: '721', uncertain: true },
  { from: '2025-08-01', set: 'Edge of Eternities', endingTurnsAndPhases: '723', takingShortcuts: '730', controllingAnotherPlayer: '722', uncertain: true },
  { from: '2026-04-17', set: 'Secrets of Strixhaven', endingTurnsAndPhases: '724', takingShortcuts: '732', controllingAnotherPlayer: '723', uncertain: false },
];

/**
 * Why each row's numbers are taken to hold, by the row's `from` (FORMAT.md's table): for the
 * CLI, the docs and anyone checking a row. Not in `RULES_EDITIONS`, which every game reads.
 */
export const RULES_EDITION_EVIDENCE: Readonly<Record<string, string>> = {
  '2019-10-04': '717 attested (judges\' blog); exact first edition unverified; Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2021-07-23': 'inferred from Class cards (716) being added then; Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2022-10-07': 'inferred from Attraction cards (717); Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2022-11-18': '720 verified in the 2023-11-17 edition (seed 003); first edition inferred from Prototype cards (718); Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2024-02-09': '721 verified in the 2024-03-08 edition, control 720 in 2024-03-08 and 2024-06-07; first edition inferred from Case cards (719); Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2025-04-11': 'verified in one 2025 edition (721 Controlling, 723 The Monarch); its date, and so this row\'s start, unverified; Taking Shortcuts inferred (Ending Turns and Phases + 7)',
  '2025-08-01': '723 verified in the 2025-09-26 edition (seed 000); Taking Shortcuts 730 (FORMAT.md); start unverified',
  '2026-04-17': 'verified: the 2026-04-17 edition adds 722 Preparation Cards; still so on 2026-09-25 (seed 001 uses 724); Taking Shortcuts 732 (FORMAT.md); the Feb 27, 2026 edition still has 723',
};

/** The newest edition the project knows: the default of `options.rulesEdition`. */
export const DEFAULT_RULES_EDITION = '2026-04-17';
/** The oldest date the table covers. */
export const FIRST_RULES_EDITION = RULES_EDITIONS[0].from;
/** The numbers the project's code, tests and docs are written in (September 2025, RULES.md). */
export const CANONICAL_RULE_NUMBERS: RuleNumbers = { endingTurnsAndPhases: '723', controllingAnotherPlayer: '722', takingShortcuts: '730' };

/** Why a value is not an edition date the table covers, or null when it is one. */
export function rulesEditionProblem(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return `${JSON.stringify(value)} is not a date (expected "YYYY-MM-DD", such as "${DEFAULT_RULES_EDITION}")`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return `${JSON.stringify(value)} is not a real date`;
  if (value < FIRST_RULES_EDITION) return `${value} is before ${FIRST_RULES_EDITION}, the oldest edition whose rule numbers the project knows`;
  return null;
}

// Every view and citation asks for a game's row: the answer per edition date is kept (a memo of
// a pure function, bounded: a game has one edition).
const rowsByEdition = new Map<string, RulesEditionRow>();

/** The table's row an edition date falls in (a date the table does not cover: the newest row). */
export function rulesEditionRow(edition: string): RulesEditionRow {
  const known = rowsByEdition.get(edition);
  if (known) return known;
  let row = RULES_EDITIONS[RULES_EDITIONS.length - 1];
  if (rulesEditionProblem(edition) === null) for (const candidate of RULES_EDITIONS) if (candidate.from <= edition) row = candidate;
  if (rowsByEdition.size < 256) rowsByEdition.set(edition, row);
  return row;
}

/** The two moving chapters' numbers in an edition. */
export function ruleNumbersOf(edition: string): RuleNumbers {
  const { endingTurnsAndPhases, controllingAnotherPlayer, takingShortcuts } = rulesEditionRow(edition);
  return { endingTurnsAndPhases, controllingAnotherPlayer, takingShortcuts };
}

const MOVING = /(?<![\d.])(?:72[23]|730)(?!\d)/g;

/**
 * Text written in the project's numbers (723 ending, 722 control, 730 shortcuts) in an edition's
 * numbers: each rule number of the moving chapters ("723.1b", "722.5", "730.2a") is rewritten; other numbers stay.
 */
export function inEdition(text: string, edition: string): string {
  const numbers = ruleNumbersOf(edition);
  if (numbers.endingTurnsAndPhases === CANONICAL_RULE_NUMBERS.endingTurnsAndPhases) return text;
  const of: Record<string, string> = { 723: numbers.endingTurnsAndPhases, 722: numbers.controllingAnotherPlayer, 730: numbers.takingShortcuts };
  return text.replace(MOVING, (chapter: string) => of[chapter]);
}
