// The path families as a user gets them: `turnPaths({ family: '514.3a' })` → `[{ name, input, events }]`,
// each playable with `createGame(input)` + `send` against the user's own engine or UI, and the helpers
// that check a played path — the rules monitor over the game, and the family's own rule assertions.
// Nothing here depends on a test runner: assertions throw a RuleError naming the rule.
import {
  createGame,
  type CreateGameOptions, type Game, type GameInput, type HistoryRecord, type Refusal, type TurnEvent, type TurnSnapshot,
} from '../index.js';
import { generate, type Family } from './explore.js';
import { families } from './families.js';
import { describeViolations, RulesMonitor, type Violation } from './invariants.js';
import { RuleError } from './menus.js';

/** One generated path: play `events` in order on a game created from `input`. */
export interface TurnPath {
  /** The target the path reaches, unique in its family (what a test is named). */
  name: string;
  /** The family's full name (`'514.3a cleanup repeats'`). */
  family: string;
  /** The rules the family's assertions check. */
  rules: string[];
  input: GameInput;
  events: TurnEvent[];
}

/** What playing a path gave: the game's history, its last snapshot, and each event's refusal (or null). */
export interface PlayedPath {
  history: readonly HistoryRecord[];
  final: TurnSnapshot;
  refusals: readonly (Refusal | null)[];
}

/**
 * A family's short name: its leading rule number (`'103.8 first draw'` → `'103.8'`), else its first word
 * (`'refusals and host reports'` → `'refusals'`, `'team games: …'` → `'team'`).
 */
export function familyKey(name: string): string {
  return /^(\d{3}(?:\.\d+[a-z]*)?)\b/.exec(name)?.[1] ?? name.split(/[\s:]/)[0];
}

/** Every family of the suite: its short name (what `turnPaths` takes), its full name, and its rules. */
export function pathFamilies(): { key: string; name: string; rules: string[] }[] {
  return families.map((f) => ({ key: familyKey(f.name), name: f.name, rules: [...f.rules] }));
}

/**
 * The families a name selects: its short name or full name exactly, or a rule all of whose subrules'
 * families are meant (`'723.2'` selects `'723.2d'` and `'723.2g'`; `'723.1'` selects `'723.1d'`).
 */
function familiesNamed(name: string): Family[] {
  const exact = families.filter((f) => f.name === name || familyKey(f.name) === name);
  if (exact.length > 0) return exact;
  return families.filter((f) => {
    const key = familyKey(f.name);
    return key.startsWith(name) && /^[a-z]/.test(key.slice(name.length));
  });
}

const generated = new Map<Family, TurnPath[]>();

/** The paths of one family, generated once (xstate/graph shortest paths under the family's event menus). */
function pathsOf(family: Family): TurnPath[] {
  let paths = generated.get(family);
  if (!paths) {
    paths = generate(family).map((g) => ({ name: g.label, family: family.name, rules: [...family.rules], input: g.input, events: g.events }));
    generated.set(family, paths);
  }
  return paths;
}

/**
 * The generated paths of a family (every family's when none is named), shortest first per target.
 * Throws a RangeError naming the known families when the name selects none (a misspelt family would
 * otherwise give a test with no paths, which passes).
 */
export function turnPaths(options: { family?: string } = {}): TurnPath[] {
  const selected = options.family === undefined ? families : familiesNamed(options.family);
  if (selected.length === 0) {
    throw new RangeError(`no path family "${options.family}" (known: ${pathFamilies().map((f) => f.key).join(', ')})`);
  }
  return selected.flatMap(pathsOf);
}

/** A game whose every event the rules monitor watches (it sees what a host sees: events, history, refusals, snapshots). */
export interface MonitoredGame {
  readonly game: Game;
  readonly monitor: RulesMonitor;
  /** Each event's refusal (or null), in the order sent. */
  readonly refusals: readonly (Refusal | null)[];
  /** Every history record since the game was watched (whatever the game itself keeps: `history: 'turn'` keeps this turn's). */
  readonly history: readonly HistoryRecord[];
  /** Sends through `game.send`, the monitor observing. */
  send(event: unknown): Refusal | null;
  /** The rule invariants broken so far. */
  violations(): readonly Violation[];
}

/**
 * Watches a game created from `input` (monitor it before sending anything: the monitor starts from its
 * history so far, and keeps its own shadow of the game from the input's players, teams and options).
 */
export function monitorGame(game: Game, input: GameInput): MonitoredGame {
  const monitor = new RulesMonitor(input);
  // Its own list of every record from the game's listener: what the game keeps may be only this turn's.
  const history: HistoryRecord[] = [...game.history];
  game.actor.on('history', (e) => { history.push(e.record); });
  monitor.observe({ event: null, before: null, after: game.snapshot(), records: [...history], refusal: null });
  const refusals: (Refusal | null)[] = [];
  return {
    game,
    monitor,
    refusals,
    history,
    send(event) {
      const before = game.snapshot();
      const from = history.length;
      const refusal = game.send(event);
      refusals.push(refusal);
      monitor.observe({ event: event as TurnEvent, before, after: game.snapshot(), records: history.slice(from), refusal });
      return refusal;
    },
    violations: () => monitor.violations,
  };
}

/**
 * Plays a path on a game (by default `createGame(path.input)`; pass your own, made from `path.input`,
 * to test an engine built on the machine), the rules monitor watching, and checks it: no rule invariant
 * broken and the family's rule assertions hold. Throws a RuleError naming the rule otherwise.
 */
export function playTurnPath(path: TurnPath, options: { game?: Game; createGame?: CreateGameOptions } = {}): PlayedPath {
  const game = options.game ?? createGame(path.input, options.createGame);
  const watched = monitorGame(game, path.input);
  for (const event of path.events) watched.send(event);
  const violations = describeViolations(watched.violations());
  if (violations !== '') throw new RuleError(`${path.family} — ${path.name}: rule invariants violated:\n${violations}`);
  const played = { history: watched.history, final: game.snapshot(), refusals: watched.refusals };
  checkTurnPath(path, played);
  return played;
}

/** The family's rule assertions on a played path (throws a RuleError naming the rule). */
export function checkTurnPath(path: TurnPath, played: PlayedPath): void {
  const family = families.find((f) => f.name === path.family);
  if (!family) throw new RangeError(`no path family "${path.family}"`);
  family.check({
    family: path.family, label: path.name, input: path.input, events: path.events,
    path: undefined as never, history: [...played.history], final: played.final, refusals: [...played.refusals],
  });
}
