// The edition table (FORMAT.md "Rule numbers by edition"): every row keeps its evidence, apart
// from the row every game reads (issue 22: a game does not carry the evidence strings).
import { describe, expect, it } from 'vitest';
import { RULES_EDITIONS, RULES_EDITION_EVIDENCE, rulesEditionRow } from '../../src/vocabulary/index.js';

describe('the editions table and its evidence', () => {
  it('gives every row its evidence, and no evidence for a row that does not exist', () => {
    expect(Object.keys(RULES_EDITION_EVIDENCE)).toEqual(RULES_EDITIONS.map((row) => row.from));
    for (const row of RULES_EDITIONS) expect(RULES_EDITION_EVIDENCE[row.from].length).toBeGreaterThan(20);
  });

  it('says why the default edition holds: the one row read in an edition, not inferred', () => {
    const row = rulesEditionRow('2026-04-17');
    expect(row.uncertain).toBe(false);
    expect(RULES_EDITION_EVIDENCE[row.from]).toMatch(/^verified/);
    expect(row).not.toHaveProperty('evidence');
  });
});
