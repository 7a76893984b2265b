// The crash suite's driver: starts host processes (test/crashHost.ts), plays scripted games
// through them as clients do (one WebSocket per seat, every event sent with expectVersion), kills
// the host with SIGKILL at chosen points, restarts it on the same database and plays on, until
// every game is played out. What it records — the versions each client was told were accepted —
// is what the suite checks against the log.
import { spawn, type ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import { http, type Any } from './client.js';
import { rng, type Script } from './scripts.js';

export interface HostProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
}

/** Starts the bundled host on a database with a fault armed; resolves once it listens. */
export function startHostProcess(childFile: string, database: string[], fault: string): Promise<HostProcess> {
  const child = spawn(process.execPath, [childFile, ...database], { env: { ...process.env, MTG_CRASH_FAULT: fault }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let stderr = '';
  child.stderr!.on('data', (chunk) => { stderr += String(chunk); });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const found = /host listening on (\S+)/.exec(out);
      if (found) resolve({ url: found[1], child, exited, kill: () => child.kill('SIGKILL') });
    });
    void exited.then(({ code, signal }) => reject(new Error(`the host exited before listening (${code ?? signal}): ${stderr.slice(-2000)}`)));
  });
}

export interface PlayedGame {
  script: Script;
  id: string;
  tokens: Record<string, string>;
  spectator: string;
  /** What this client knows the game's version to be. */
  version: number;
  /** Every version a client was told `accepted`. */
  acked: number[];
}

class Dead extends Error {}

/** One seat's connection: sends and waits for the answer; rejects with Dead when the host goes. */
class Seat {
  private pending: ((message: Any) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;
  latest = -1;
  readonly ready: Promise<number>;
  readonly ws: WebSocket;

  constructor(url: string, id: string, token: string) {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/games/${id}/live?token=${token}`);
    this.ready = new Promise((resolve, reject) => {
      this.ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'view') {
          if (this.latest < 0) resolve(message.version);
          this.latest = message.version;
        } else if (this.pending) {
          const answer = this.pending;
          this.pending = null;
          this.failed = null;
          answer(message);
        }
      });
      const dead = () => {
        reject(new Dead('closed'));
        this.failed?.(new Dead('closed'));
        this.pending = null;
      };
      this.ws.on('close', dead);
      this.ws.on('error', dead);
    });
    this.ready.catch(() => undefined);
  }

  request(message: unknown): Promise<Any> {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState !== WebSocket.OPEN) {
        reject(new Dead('closed'));
        return;
      }
      this.pending = resolve;
      this.failed = reject;
      this.ws.send(JSON.stringify(message));
    });
  }
}

/** Plays one game on until it is done or the host dies (then resolves; the caller restarts the host). */
async function playOn(game: PlayedGame, url: string): Promise<void> {
  const seats = new Map<string, Seat>();
  try {
    while (game.version < game.script.events.length) {
      const { by, event } = game.script.events[game.version];
      let seat = seats.get(by);
      if (!seat) {
        seat = new Seat(url, game.id, game.tokens[by]);
        seats.set(by, seat);
        const at = await seat.ready;
        if (at !== game.version) {
          // Accepted but never acknowledged (the host died between the commit and the answer): the log has it.
          if (at < game.version) throw new Error(`game ${game.id} went back from ${game.version} to ${at}: an acknowledged event was lost`);
          game.version = at;
          continue;
        }
      }
      const answer = await seat.request({ type: 'send', event, expectVersion: game.version });
      if (answer.type === 'accepted') {
        if (answer.version !== game.version + 1) throw new Error(`game ${game.id}: accepted as version ${answer.version}, expected ${game.version + 1}`);
        game.acked.push(answer.version);
        game.version = answer.version;
      } else if (answer.rule === 'version') {
        const state = await http(url, `/games/${game.id}`, { token: game.spectator });
        game.version = state.json.version;
      } else {
        throw new Error(`game ${game.id}: event ${game.version + 1} refused: ${answer.reason} (${answer.rule})`);
      }
    }
  } catch (error) {
    if (!(error instanceof Dead) && !(error instanceof TypeError)) throw error; // TypeError: fetch failed, the host is gone
  } finally {
    for (const seat of seats.values()) seat.ws.terminate();
  }
}

export const FAULT_KINDS = ['commit', 'ack', 'record:723.1', 'cleanup', 'time'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** How often each kind is armed: the write's points most (they come soonest), every kind often. */
const WEIGHTS: [FaultKind, number][] = [['commit', 0.3], ['ack', 0.25], ['time', 0.2], ['record:723.1', 0.15], ['cleanup', 0.1]];
const pick = (r: number): FaultKind => {
  let sum = 0;
  for (const [kind, weight] of WEIGHTS) {
    sum += weight;
    if (r < sum) return kind;
  }
  return 'commit';
};

export interface CrashRun {
  games: PlayedGame[];
  kills: Record<FaultKind, number>;
  lives: number;
  /** A host with no fault armed, on the same database, for the checks; the caller stops it. */
  final: HostProcess;
}

/**
 * Creates a game per script on a fresh host, then plays them all on through host processes that
 * die at random fault points, `kills` times; then on a host without faults to the end.
 */
export async function crashRun(childFile: string, database: string[], scripts: Script[], kills: number, seed: number): Promise<CrashRun> {
  const random = rng(seed);
  const counts = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  let fault: FaultKind | null = null;
  const arm = (): Promise<HostProcess> => {
    const done = counts.commit + counts.ack + counts['record:723.1'] + counts.cleanup + counts.time;
    // Each kind once first (a kind armed whose point never came is armed again), then by weight.
    const missing = FAULT_KINDS.find((kind) => counts[kind] === 0);
    fault = done >= kills ? null : missing !== undefined && done < FAULT_KINDS.length * 2 ? missing : pick(random());
    const n = 1 + Math.floor(random() * 3);
    const armed = fault === null || fault === 'time' ? 'none' : fault === 'cleanup' ? 'cleanup:1' : fault === 'record:723.1' ? `record:723.1:${n}` : `${fault}:${n}`;
    return startHostProcess(childFile, database, armed);
  };
  let host = await arm();
  const games: PlayedGame[] = [];
  for (const script of scripts) {
    const made = await http(host.url, '/games', { body: { input: script.input } });
    if (made.status !== 201) throw new Error(`POST /games: ${made.status} ${JSON.stringify(made.json)}`);
    games.push({ script, id: made.json.id, tokens: { ...made.json.seats, engine: made.json.engine }, spectator: made.json.spectator, version: 0, acked: [] });
  }
  let lives = 1;
  for (;;) {
    const unfinished = games.filter((g) => g.version < g.script.events.length);
    let timer: NodeJS.Timeout | undefined;
    if (fault === 'time') timer = setTimeout(() => host.kill(), 5 + Math.floor(random() * 60));
    const died = host.exited.then(({ signal }) => signal);
    await Promise.race([Promise.all(unfinished.map((g) => playOn(g, host.url))), died]);
    clearTimeout(timer);
    const alive = host.child.exitCode === null && host.child.signalCode === null;
    const done = games.every((g) => g.version >= g.script.events.length);
    // A host whose fault did not fire before the games ended is still up: it serves the checks.
    if (done && alive) break;
    const signal = await died;
    if (signal !== 'SIGKILL') throw new Error(`the host died of ${signal} instead of being killed`);
    if (fault) counts[fault as FaultKind] += 1;
    lives += 1;
    host = done ? await startHostProcess(childFile, database, 'none') : await arm();
    if (done) break;
  }
  return { games, kills: counts, lives, final: host };
}
