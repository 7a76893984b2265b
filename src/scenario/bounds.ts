// A scenario file is bounded as a whole, so that any file accepted runs in seconds: its script
// entries and its history patterns are counted as it is validated (refused past a bound, naming
// it), and what running it may cost — the events its driving entries send (each `advanceTo` may
// pass up to 1,000 times), and the history records its patterns are matched against — is
// counted as it runs (a failure naming the bound, past one).

/** Entries in a file's script. */
export const MAX_SCRIPT_ENTRIES = 5_000;
/** History patterns (`includes`, `excludes`, `sequence`) in all of a file's expectations together. */
export const MAX_HISTORY_PATTERNS = 2_000;
/** Events one run sends, its driving entries' passes included. */
export const MAX_EVENTS_PER_RUN = 20_000;
/** Pattern × record comparisons one run makes. */
export const MAX_PATTERN_CHECKS = 5_000_000;

/** The history patterns of one `expect` entry's value. */
export function patternsOf(expected: unknown): number {
  if (typeof expected !== 'object' || expected === null) return 0;
  const history = (expected as { history?: unknown }).history;
  if (typeof history !== 'object' || history === null) return 0;
  let count = 0;
  for (const key of ['includes', 'excludes', 'sequence']) {
    const list = (history as Record<string, unknown>)[key];
    if (Array.isArray(list)) count += list.length;
  }
  return count;
}

/** Why a validated script is too large, or null. */
export function scriptTooLarge(script: readonly unknown[]): string | null {
  if (script.length > MAX_SCRIPT_ENTRIES) return `script: at most ${MAX_SCRIPT_ENTRIES.toLocaleString('en')} entries (a bound of the runner), got ${script.length}`;
  let patterns = 0;
  for (const entry of script) patterns += patternsOf((entry as { expect?: unknown }).expect);
  if (patterns > MAX_HISTORY_PATTERNS) return `script: at most ${MAX_HISTORY_PATTERNS.toLocaleString('en')} history patterns in all expectations together (a bound of the runner), got ${patterns}`;
  return null;
}
