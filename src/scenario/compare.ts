// How an `expect` entry is compared with the view (FORMAT.md, "VIEW — what expect can check").
import { dequal as deepEqual } from 'dequal';
import type { GameView, HistoryRecord } from '../index.js';

/** One difference between what a scenario expects and what the game shows. */
export interface Mismatch {
  key: string;
  expected: unknown;
  actual: unknown;
  message?: string;
}

type Pattern = Record<string, unknown>;

/** Compared as sets (FORMAT.md): order and repeats do not matter. */
const sameSet = (expected: readonly unknown[], actual: readonly unknown[]) =>
  expected.every((x) => actual.includes(x)) && actual.every((x) => expected.includes(x));

/** Whether a history record has every field of a pattern. */
export const matchesRecord = (record: HistoryRecord, pattern: Pattern) =>
  Object.entries(pattern).every(([key, value]) => deepEqual((record as unknown as Pattern)[key], value));

function historyMismatches(expected: Pattern, history: readonly HistoryRecord[]): Mismatch[] {
  const out: Mismatch[] = [];
  for (const pattern of (expected.includes ?? []) as Pattern[]) {
    if (!history.some((r) => matchesRecord(r, pattern))) {
      out.push({ key: 'history.includes', expected: pattern, actual: null, message: 'no history record matches' });
    }
  }
  for (const pattern of (expected.excludes ?? []) as Pattern[]) {
    const found = history.find((r) => matchesRecord(r, pattern));
    if (found) out.push({ key: 'history.excludes', expected: pattern, actual: found, message: 'a history record matches' });
  }
  const sequence = (expected.sequence ?? []) as Pattern[];
  let at = 0;
  for (const [i, pattern] of sequence.entries()) {
    const found = history.findIndex((r, index) => index >= at && matchesRecord(r, pattern));
    if (found < 0) {
      const anywhere = history.find((r) => matchesRecord(r, pattern));
      out.push({
        key: `history.sequence[${i}]`, expected: pattern, actual: anywhere ?? null,
        message: anywhere ? 'matches only earlier in the history, out of order' : 'no history record matches',
      });
      break;
    }
    at = found + 1;
  }
  return out;
}

/** Every key of `expected` that differs from the view. */
export function compareView(expected: Pattern, actual: GameView): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [key, want] of Object.entries(expected)) {
    const have = (actual as unknown as Pattern)[key];
    switch (key) {
      case 'history':
        out.push(...historyMismatches(want as Pattern, actual.history));
        break;
      case 'zones':
        for (const [zone, ids] of Object.entries(want as Pattern)) {
          const haveIds = (actual.zones as unknown as Record<string, string[]>)[zone];
          if (!sameSet(ids as unknown[], haveIds)) out.push({ key: `zones.${zone}`, expected: ids, actual: haveIds });
        }
        break;
      case 'effects':
      case 'attackers':
      case 'blockers':
        if (!sameSet(want as unknown[], have as unknown[])) out.push({ key, expected: want, actual: have });
        break;
      case 'manaPool':
      case 'handSize':
      case 'decides':
      case 'ruleNumbers':
        for (const [player, amount] of Object.entries(want as Pattern)) {
          const haveAmount = (have as Pattern)[player];
          if (haveAmount !== amount) out.push({ key: `${key}.${player}`, expected: amount, actual: haveAmount });
        }
        break;
      case 'shortcuts':
        // Only the players (teams) listed are compared; one with no pass in force is null.
        for (const [side, pass] of Object.entries(want as Pattern)) {
          const havePass = (have as Pattern)[side] ?? null;
          if (!deepEqual(pass, havePass)) out.push({ key: `shortcuts.${side}`, expected: pass, actual: havePass });
        }
        break;
      case 'nextTurns': {
        const prefix = (have as unknown[]).slice(0, (want as unknown[]).length);
        if (!deepEqual(want, prefix)) out.push({ key, expected: want, actual: have });
        break;
      }
      default:
        if (!deepEqual(want, have)) out.push({ key, expected: want, actual: have });
    }
  }
  return out;
}
