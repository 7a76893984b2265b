// mtg-turn-machine/testing (issue 23): the path families by rule number, each path playable with
// createGame(input) + send, checked by the rules monitor and the family's own rule assertions.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';
import { pathFamilies, playTurnPath, turnPaths } from '../../src/testing/index.js';

const ISSUE_FAMILIES = ['103.8', '508.8', '510.4', '500.11', '614.10a', '723.1d', '723.2', '514.3a'];

describe('turnPaths', () => {
  it.each(ISSUE_FAMILIES)('family %s: named paths, each played on createGame(input) + send without breaking a rule', (family) => {
    const paths = turnPaths({ family });
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths.map((p) => `${p.family}/${p.name}`)).size).toBe(paths.length);
    for (const path of paths) {
      expect(path.events.length).toBeGreaterThan(0);
      const played = playTurnPath(path);
      expect(played.refusals).toHaveLength(path.events.length);
    }
  });

  it('a rule number selects the families of its subrules (723.2 → 723.2d and 723.2g), a family also by its full name', () => {
    expect([...new Set(turnPaths({ family: '723.2' }).map((p) => p.family))]).toEqual(pathFamilies().filter((f) => f.key.startsWith('723.2')).map((f) => f.name));
    expect(pathFamilies().filter((f) => f.key.startsWith('723.2')).map((f) => f.key)).toEqual(['723.2d', '723.2g']);
    const full = pathFamilies().find((f) => f.key === '514.3a')!.name;
    expect(turnPaths({ family: full })).toEqual(turnPaths({ family: '514.3a' }));
    expect(turnPaths().length).toBe(pathFamilies().reduce((n, f) => n + turnPaths({ family: f.name }).length, 0));
  });

  it('an unknown family is refused with the known names (a misspelt one would give a test without paths)', () => {
    expect(() => turnPaths({ family: '999.9' })).toThrow(/no path family "999\.9" \(known: 103\.8, 508\.8, .*514\.3a/);
    expect(() => turnPaths({ family: '723' })).toThrow(RangeError);
  });

  it('a game that does not follow the path\'s input fails the family\'s check under its rule (103.8)', () => {
    const path = turnPaths({ family: '103.8' }).find((p) => p.name === '2 players, skipFirstDraw: false: turn 1')!;
    expect(path.input.options?.skipFirstDraw).toBe(false);
    // A game that skips the first draw (103.8a's default for two players) where the path's input says it draws.
    expect(() => playTurnPath(path, { game: createGame({ players: ['A', 'B'] }) })).toThrow(/103\.8/);
    expect(() => playTurnPath(path)).not.toThrow();
  });
});
