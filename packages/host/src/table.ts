// The table: one authoritative actor per live game, fed one event at a time. An event is
// judged by the machine (through the sender's seat), then written with the game's new version
// in one transaction; only then is it acknowledged and the new view pushed. A refusal, a stale
// version, a write that fails or loses the race to another host changes nothing (the actor goes
// back to what is stored). Records go to the log with their event, never into a growing array.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createGame, legalActions, persistGame, restoreSnapshot, view, GameInputError, MACHINE_VERSION,
  type Game, type GameInput, type HistoryRecord, type LegalAction, type PersistedGame, type Refusal, type View,
} from 'mtg-turn-machine';
import { FORMAT_VERSION, inputOfFormat, type LogEntry, type Storage, type StoredGame, type TakebackEntry } from './storage.js';

export interface TableLimits {
  /** Games this host stores at most (POST /games beyond it is refused). */
  maxGames: number;
  /** Games kept live in memory at once; the least recently used idle one is put away (it stays stored). */
  maxLiveGames: number;
}

export const DEFAULT_TABLE_LIMITS: TableLimits = { maxGames: 10_000, maxLiveGames: 1_000 };

/** Points where a test may stop the process (the crash suite SIGKILLs itself there); never set in production. */
export interface Faults {
  /** After the event was judged, before the transaction: each record it made, with them all. */
  onRecord?(record: HistoryRecord, records: readonly HistoryRecord[], gameId: string): void;
  /** After the write committed, before the sender is told it was accepted. */
  afterWrite?(gameId: string, version: number): void;
}

export interface TableOptions {
  storage: Storage;
  limits?: Partial<TableLimits>;
  faults?: Faults;
}

/** Who a token is in a game: a seat (a player), the spectator, or the game's engine (the host reports). */
export type Role = { kind: 'seat'; player: string } | { kind: 'spectator' } | { kind: 'engine' };

export type SendResult = { type: 'accepted'; version: number } | { type: 'refused'; reason: string; rule: string; path?: string };

export interface Pushed {
  version: number;
  view: View;
}

export interface TakebackState {
  to: number;
  askedBy: string;
  agreed: string[];
  waiting: string[];
}

export type TakebackResult = { type: 'takeback'; state: TakebackState | null; done?: number } | { type: 'refused'; reason: string; rule: string };

export interface NewGame {
  id: string;
  seats: Record<string, string>;
  spectator: string;
  /** The token of the game's engine: it alone sends the host's reports (trigger.register, …). */
  engine: string;
}

export class TableError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'TableError';
  }
}

const token = () => randomBytes(24).toString('base64url');
const hashOf = (value: string) => createHash('sha256').update(value).digest();

/** Whether a token's hash is this stored hash (hex), in time that does not depend on where they differ. */
function sameHash(given: Buffer, stored: string): boolean {
  const expected = Buffer.from(stored, 'hex');
  return expected.length === given.length && timingSafeEqual(given, expected);
}

/** The persisted form of a game's seats: each token's hash, plus the engine's under a key no player id can be. */
const ENGINE_KEY = ' engine';

interface Live {
  id: string;
  stored: Omit<StoredGame, 'version' | 'snapshot'>;
  game: Game;
  version: number;
  /** In turn order (the game state's own list: read, never changed). */
  players: readonly string[];
  listeners: Set<(pushed: Pushed) => void>;
  takeback: { to: number; askedBy: string; agreed: Set<string> } | null;
  /** The snapshot stored at `version` (what a failed write goes back to when the database cannot be read). */
  persisted: PersistedGame;
  /** Each seat's legal actions at `version`, computed once for all its connections. */
  legal: Map<string, LegalAction[]>;
  /** The queue of this game's operations: one at a time, in order. */
  turn: Promise<unknown>;
  lastUsed: number;
}

/** The machine's game at `snapshot` (the same machine version), else the input's game replayed through `entries`. */
export function restoreGame(input: GameInput, snapshot: PersistedGame | null, entries: () => Promise<LogEntry[]> | LogEntry[]): Promise<Game> | Game {
  if (snapshot !== null && snapshot.version === MACHINE_VERSION) {
    try {
      return createGame(input, { snapshot: restoreSnapshot(snapshot), history: 'all' });
    } catch {
      // A snapshot the machine refuses: the log is the record, replay it.
    }
  }
  const replay = (log: LogEntry[]) => {
    const game = createGame(input, { history: 'all' });
    for (const entry of log) {
      const refusal = game.send(entry.event);
      if (refusal) {
        game.stop();
        throw new Error(`the log does not replay: event ${entry.version} is refused: ${refusal.reason} (${refusal.rule})`);
      }
      (game.history as HistoryRecord[]).length = 0;
    }
    return game;
  };
  const log = entries();
  return Array.isArray(log) ? replay(log) : log.then(replay);
}

export class Table {
  readonly storage: Storage;
  readonly limits: TableLimits;
  private readonly faults: Faults;
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live>>();

  constructor(options: TableOptions) {
    this.storage = options.storage;
    this.limits = { ...DEFAULT_TABLE_LIMITS, ...options.limits };
    this.faults = options.faults ?? {};
  }

  /** A new game from a client's input (checked whole by the machine: `GameInputError` → 400). */
  async create(input: unknown): Promise<NewGame> {
    let game: Game;
    try {
      game = createGame(input as GameInput, { history: 'all' });
    } catch (error) {
      if (error instanceof GameInputError) throw new TableError(400, error.message);
      throw new TableError(400, `input: ${error instanceof Error ? error.message : String(error)}`);
    }
    const players = game.snapshot().context.players;
    const snapshot = persistGame(game.actor);
    game.stop();
    if ((await this.storage.count()) >= this.limits.maxGames) throw new TableError(503, `this host holds its limit of ${this.limits.maxGames} games`);
    const seats = Object.fromEntries(players.map((player) => [player, token()]));
    const created: NewGame = { id: randomBytes(12).toString('base64url'), seats, spectator: token(), engine: token() };
    const hashes = Object.fromEntries([...players.map((p) => [p, hashOf(seats[p]).toString('hex')]), [ENGINE_KEY, hashOf(created.engine).toString('hex')]]);
    const stored: StoredGame = {
      id: created.id, format: FORMAT_VERSION, input: input as GameInput, seats: hashes, spectator: hashOf(created.spectator).toString('hex'), version: 0, snapshot,
    };
    if (!(await this.storage.create(stored))) throw new TableError(500, 'a game id collided; try again');
    return created;
  }

  /** Who this token is in the game, or null; compares against every token of the game, each in constant time. */
  async roleOf(id: string, given: string): Promise<Role | null> {
    const live = await this.open(id);
    const hash = hashOf(given);
    let role: Role | null = null;
    for (const [player, stored] of Object.entries(live.stored.seats)) {
      if (sameHash(hash, stored) && role === null) role = player === ENGINE_KEY ? { kind: 'engine' } : { kind: 'seat', player };
    }
    if (sameHash(hash, live.stored.spectator) && role === null) role = { kind: 'spectator' };
    return role;
  }

  /** The game's current version and view (a seat also gets its legal actions), after catching up with the database. */
  async state(id: string, role: Role): Promise<{ version: number; view: View; legalActions?: LegalAction[] }> {
    return this.enqueue(id, async (live) => {
      await this.catchUp(live);
      return this.stateOf(live, role);
    });
  }

  stateOf(live: Pick<Live, 'game' | 'version'>, role: Role): { version: number; view: View; legalActions?: LegalAction[] } {
    const snapshot = live.game.snapshot();
    return { version: live.version, view: view(snapshot), ...(role.kind === 'seat' && { legalActions: legalActions(snapshot, role.player) }) };
  }

  /** A seat's legal actions in the live game now (empty when it is not live). */
  legalActionsFor(id: string, player: string): LegalAction[] {
    const live = this.live.get(id);
    if (!live) return [];
    let found = live.legal.get(player);
    if (!found) {
      found = legalActions(live.game.snapshot(), player);
      live.legal.set(player, found);
    }
    return found;
  }

  async log(id: string, after = 0, limit?: number): Promise<LogEntry[]> {
    await this.open(id);
    return this.storage.log(id, after, limit);
  }

  async takebacks(id: string): Promise<TakebackEntry[]> {
    await this.open(id);
    return this.storage.takebacks(id);
  }

  /** Follows the game's views: the listener is called after every accepted event and takeback. Returns the unsubscribe. */
  async watch(id: string, listener: (pushed: Pushed) => void): Promise<() => void> {
    const live = await this.open(id);
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  }

  listeners(id: string): number {
    return this.live.get(id)?.listeners.size ?? 0;
  }

  /** Sends an event as this role; see the module comment. */
  async send(id: string, role: Role, event: unknown, expectVersion?: number): Promise<SendResult> {
    return this.enqueue(id, (live) => this.attempt(live, role, event, expectVersion, true));
  }

  /** One judgement and write; a write lost to another host, when the sender asked no version, is judged again once on the game as it is. */
  private async attempt(live: Live, role: Role, event: unknown, expectVersion: number | undefined, again: boolean): Promise<SendResult> {
    const id = live.id;
    if (role.kind === 'spectator') return { type: 'refused', reason: 'a spectator sends nothing', rule: 'seat' };
    if (expectVersion !== undefined && expectVersion !== live.version) await this.catchUp(live);
    if (expectVersion !== undefined && expectVersion !== live.version) {
      return { type: 'refused', reason: `expectVersion ${expectVersion} is stale: the game is at version ${live.version}`, rule: 'version' };
    }
    // createGame keeps every record ('all'); the list is emptied before each event: it holds this event's records.
    const records = live.game.history as HistoryRecord[];
    records.length = 0;
    const refusal: Refusal | null = role.kind === 'seat' ? live.game.seat(role.player).send(event) : live.game.send(event);
    if (refusal) {
      records.length = 0;
      // Refused on the game this host holds: if another host moved it on, judge again on the game as it is.
      if (again && (await this.moved(live))) return this.attempt(live, role, event, expectVersion, false);
      return { type: 'refused', reason: refusal.reason, rule: refusal.rule, ...(refusal.path !== undefined && { path: refusal.path }) };
    }
    const judgedAt = live.version;
    const entry: LogEntry = { version: judgedAt + 1, event, by: role.kind === 'seat' ? role.player : 'engine', records: records.splice(0) };
    for (const record of entry.records) this.faults.onRecord?.(record, entry.records, id);
    let written = false;
    const snapshot = persistGame(live.game.actor);
    try {
      written = await this.storage.append(id, entry, snapshot);
    } catch {
      // The database failed: what is stored is the game; go back to it.
    }
    if (!written) {
      await this.reload(live, live.persisted);
      if (again && expectVersion === undefined && live.version > judgedAt) return this.attempt(live, role, event, undefined, false);
      return { type: 'refused', reason: `the game moved on elsewhere (another host) or could not be saved; nothing changed, the game is at version ${live.version}`, rule: 'version' };
    }
    this.faults.afterWrite?.(id, entry.version);
    live.persisted = snapshot;
    live.version = entry.version;
    live.takeback = null;
    this.push(live);
    return { type: 'accepted', version: entry.version };
  }

  /**
   * A seat asks to take the game back to version `to`, or agrees with the takeback asked; once every
   * seat agrees, the game goes back to exactly that version (replayed from the log) and the takeback is
   * recorded with who asked. Any accepted event in between cancels it.
   */
  async takeback(id: string, role: Role, to: number): Promise<TakebackResult> {
    return this.enqueue(id, async (live) => {
      if (role.kind !== 'seat') return { type: 'refused', reason: 'only a seat takes back', rule: 'seat' };
      await this.catchUp(live);
      if (!Number.isInteger(to) || to < 0 || to >= live.version) {
        return { type: 'refused', reason: `a takeback goes to an earlier version, 0 to ${live.version - 1}; got ${JSON.stringify(to)}`, rule: 'takeback' };
      }
      if (live.takeback === null || live.takeback.to !== to) live.takeback = { to, askedBy: role.player, agreed: new Set() };
      live.takeback.agreed.add(role.player);
      const waiting = live.players.filter((p) => !live.takeback!.agreed.has(p));
      const state = { to, askedBy: live.takeback.askedBy, agreed: [...live.takeback.agreed], waiting };
      if (waiting.length > 0) return { type: 'takeback', state };
      const entries = await this.storage.log(id, 0, to);
      const game = await restoreGame(live.stored.input, null, () => entries);
      const from = live.version;
      const done = await this.storage.takeback(id, { from, to, askedBy: state.askedBy, agreed: state.agreed }, persistGame(game.actor)).catch(() => false);
      live.takeback = null;
      if (!done) {
        game.stop();
        await this.reload(live);
        return { type: 'refused', reason: 'the game moved on before the takeback could be saved; nothing changed', rule: 'version' };
      }
      live.game.stop();
      live.game = game;
      live.persisted = persistGame(game.actor);
      live.version = to;
      this.push(live);
      return { type: 'takeback', state: null, done: to };
    });
  }

  /** Stops every live game (nothing to save: every accepted event is stored already). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.live.values()].map((live) => live.turn));
    for (const live of this.live.values()) live.game.stop();
    this.live.clear();
  }

  private push(live: Live): void {
    live.legal.clear();
    const pushed = { version: live.version, view: view(live.game.snapshot()) };
    for (const listener of live.listeners) listener(pushed);
  }

  /** Another host may have moved the game on: load what is stored when its version is not ours. */
  private async catchUp(live: Live): Promise<void> {
    await this.moved(live);
  }

  /** Whether the stored game was at another version than ours (it is loaded then). A database that cannot be read: not moved. */
  private async moved(live: Live): Promise<boolean> {
    const stored = await this.storage.version(live.id).catch(() => null);
    if (stored === null || stored === live.version) return false;
    await this.reload(live);
    return true;
  }

  /** Puts the live game back to what is stored (or, when the database cannot be read, to `fallback`). */
  private async reload(live: Live, fallback?: PersistedGame): Promise<void> {
    live.game.stop();
    try {
      const stored = await this.storage.load(live.id);
      if (!stored) throw new Error('gone');
      live.game = await restoreGame(stored.input, stored.snapshot, () => this.storage.log(live.id));
      live.version = stored.version;
      live.persisted = persistGame(live.game.actor);
    } catch {
      live.game = createGame(live.stored.input, { history: 'all', ...(fallback && { snapshot: restoreSnapshot(fallback) }) });
    }
    live.takeback = null;
    this.push(live);
  }

  private enqueue<T>(id: string, run: (live: Live) => Promise<T>): Promise<T> {
    return this.open(id).then((live) => {
      const result = live.turn.then(() => run(live));
      live.turn = result.catch(() => undefined);
      return result;
    });
  }

  /** The live game, loaded from storage if needed; a TableError 404 when there is no such game. */
  async open(id: string): Promise<Live> {
    const found = this.live.get(id);
    if (found) {
      found.lastUsed = Date.now();
      return found;
    }
    const pending = this.loading.get(id);
    if (pending) return pending;
    const loading = this.load(id).finally(() => this.loading.delete(id));
    this.loading.set(id, loading);
    return loading;
  }

  private async load(id: string): Promise<Live> {
    const stored = await this.storage.load(id);
    if (!stored) throw new TableError(404, 'no such game');
    if (stored.format > FORMAT_VERSION) throw new TableError(500, `game saved in format ${stored.format}, newer than this host's ${FORMAT_VERSION}`);
    const input = inputOfFormat(stored.format, stored.input); // format 1: the whole past kept
    const game = await restoreGame(input, stored.snapshot, () => this.storage.log(id));
    (game.history as HistoryRecord[]).length = 0;
    const { version: _version, snapshot: _snapshot, ...rest } = stored;
    const meta = { ...rest, input };
    const live: Live = {
      id, stored: meta, game, version: stored.version, players: game.snapshot().context.players, listeners: new Set(), takeback: null,
      persisted: persistGame(game.actor), legal: new Map(), turn: Promise.resolve(), lastUsed: Date.now(),
    };
    this.live.set(id, live);
    this.evict();
    return live;
  }

  /** Keeps at most maxLiveGames in memory: the least recently used games nobody watches go (they stay stored). */
  private evict(): void {
    if (this.live.size <= this.limits.maxLiveGames) return;
    const idle = [...this.live.values()].filter((l) => l.listeners.size === 0).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const live of idle.slice(0, this.live.size - this.limits.maxLiveGames)) {
      this.live.delete(live.id);
      void live.turn.then(() => live.game.stop());
    }
  }
}

export const isTableError = (error: unknown): error is TableError => error instanceof TableError;
