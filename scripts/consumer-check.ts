// The package as a user gets it (`npm run check:consumer [-- XSTATE_VERSION...]`, run by .ci/run):
// `npm pack` the library and the CLI, install each tarball into a fresh app of its own in a temporary
// folder, and there
//   - the library: type-check a consumer strictly (moduleResolution bundler, node16 as an ES module and as
//     CommonJS, nodenext), `import` it and `require` it and play a game through each, load the JSON
//     Schema; against each xstate version given (default, the xstate matrix: the lowest the peer range
//     allows and the newest published one it admits — each also runs the fast path's self-test, a game
//     with host hooks, XState's pure functions and an inspector); check the tarball's contents and sizes, and what installing it adds;
//   - publint and arethetypeswrong on the tarball; three users' projects (scripts/consumer-apps.ts): a Vite +
//     React app on mtg-turn-machine/react (built, opened in Chromium), a Jest 30 project that require()s the
//     package, a plain Node project running mtg-turn-machine/testing's paths against examples/engine;
//   - the CLI: no dependency installed with it, `--version`, the scenario runner on its bundled examples,
//     and the visualizer serving its page and offering those examples.
// Exits non-zero with the reason on the first failure. Needs the registry (for xstate) and a build.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build.js';
import { checkJest, checkTestingPaths, checkViteReactApp } from './consumer-apps.js';

/**
 * What the issues allow: the library's tarball, and what installing it adds besides xstate. Issue 12 set
 * 300 kB for one ES module build; issue 23's real dual build ships every entry twice (ES module and
 * CommonJS, .d.ts and .d.cts) and adds mtg-turn-machine/testing (the families and the rules monitor): 400 kB.
 */
// The tarball holds every entry twice (ESM and CommonJS) and the testing entry; issue 18 and 20 grew it to ~435 kB.
export const LIMITS = { tarballBytes: 500 * 1024, installedBytes: 2 * 1024 * 1024 };

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
export const say = (line: string) => console.log(`consumer-check: ${line}`);

export function fail(message: string): never {
  throw new Error(message);
}

export function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return fail(`${command} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export interface Packed {
  file: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

export function pack(workspace: string | undefined, into: string): Packed {
  const args = ['pack', '--json', '--pack-destination', into, ...(workspace ? ['--workspace', workspace] : [])];
  const [result] = JSON.parse(run('npm', args, ROOT)) as (Packed & { filename: string })[];
  return { ...result, file: join(into, result.filename) };
}

/** Bytes of the files below `dir` (what a user's disk holds), skipping the named top-level entries. */
function bytesBelow(dir: string, skip: string[] = []): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesBelow(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** The lowest version a `~X.Y.Z` (or `^X.Y.Z`) range admits. */
export function lowestOf(range: string): string {
  const found = /^[~^](\d+\.\d+\.\d+)$/.exec(range);
  return found ? found[1] : fail(`xstate's peer range "${range}" is not of the form ~X.Y.Z or ^X.Y.Z`);
}

/** The newest published version `range` admits (the registry's answer): the top of the matrix. */
export function newestOf(range: string): string {
  const answer = JSON.parse(run('npm', ['view', `xstate@${range}`, 'version', '--json'], ROOT)) as string | string[];
  const versions = Array.isArray(answer) ? answer : [answer];
  return versions[versions.length - 1] ?? fail(`no xstate version is published in the peer range "${range}"`);
}

export function checkLibraryTarball(packed: Packed): void {
  const allowed = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|schema\/scenario\.schema\.json|dist\/lib\/[\w.-]+\.(js|cjs|d\.ts|d\.cts)|dist\/machines\/\w+\.(json|machine\.ts))$/;
  const stray = packed.files.map((f) => f.path).filter((path) => !allowed.test(path));
  if (stray.length > 0) fail(`the library's tarball holds files it should not: ${stray.join(', ')}`);
  const entries = ['index', 'vocabulary', 'playout', 'scenario', 'testing', 'react'].flatMap((entry) => ['js', 'cjs', 'd.ts', 'd.cts'].map((ext) => `dist/lib/${entry}.${ext}`));
  for (const needed of ['LICENSE', 'README.md', 'CHANGELOG.md', 'schema/scenario.schema.json', ...entries, 'dist/machines/turn.json', 'dist/machines/turn.machine.ts']) {
    if (!packed.files.some((f) => f.path === needed)) fail(`the library's tarball lacks ${needed}`);
  }
  if (packed.size >= LIMITS.tarballBytes) fail(`the library's tarball is ${kB(packed.size)} (limit ${kB(LIMITS.tarballBytes)})`);
  say(`library tarball: ${kB(packed.size)}, ${kB(packed.unpackedSize)} unpacked, ${packed.files.length} files`);
}

/** publint (strict) and Are the Types Wrong (every entry, node16 and bundler resolution, import and require) on the tarball. */
export async function checkPublishLints(packed: Packed): Promise<void> {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const bytes = readFileSync(packed.file);
  const linted = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer }, level: 'suggestion', strict: true });
  if (linted.messages.length > 0) {
    fail(`publint: ${linted.messages.map((m) => `${m.type}: ${formatMessage(m, linted.pkg) ?? m.code}`).join('; ')}`);
  }
  // node16 profile: the package needs Node 20.19+ (engines), so node10's resolution (no "exports") is not one of its users'.
  run(join(ROOT, 'node_modules', '.bin', 'attw'), [packed.file, '--profile', 'node16', '--format', 'ascii', '--no-color'], ROOT);
  say('publint (strict): no message; arethetypeswrong (node16 profile): every entry resolves to its types under import and require');
}

/** A consumer's program: the README's game through xstate's own createActor, a seat, the scenario validator. */
function consumerSource(imports: string): string {
  return `${imports}

function check(ok: boolean, what: string, detail?: unknown): void {
  if (!ok) throw new Error(\`\${what}: \${JSON.stringify(detail)}\`);
}

const actor = createActor(turnMachine, { input: { players: ['Ann', 'Bo'], options: { history: 'all' } } }); // the whole game's zones
const refusals: string[] = [];
actor.on('rejected', ({ reason }) => { refusals.push(reason); });
actor.start();
actor.send({ type: 'spell.cast', object: { id: 'timeStop', controller: 'Ann', type: 'instant', effects: [{ endTurn: {} }] } });
actor.send({ type: 'priority.pass', player: 'Ann' });
actor.send({ type: 'priority.pass', player: 'Bo' });
const seen: View = view(actor.getSnapshot());
check(seen.turn === 2 && seen.activePlayer === 'Bo' && seen.step === 'upkeep' && seen.zones.exile.includes('timeStop'), 'Time Stop ends turn 1', seen);
check(refusals.length === 0, 'no refusal', refusals);
actor.stop();

const game: Game = createGame({ players: ['A', 'B'] });
const actions: LegalAction[] = game.seat('A').legalActions();
check(actions.some((action) => action.type === 'priority.pass'), 'A may pass in the upkeep', actions);
check(game.seat('B').send({ type: 'priority.pass', player: 'B' }) !== null, 'B cannot pass for A');
check(PHASES.length === 5, 'the vocabulary', PHASES);
check(validateScenario({ name: 'x', players: ['A', 'B'], script: [{ passAll: true }] }).ok, 'a valid scenario');
check(!validateScenario({ name: 'x', players: ['A', 'B'], script: [{ pas: 'A' }] }).ok, 'an invalid scenario');

// The host hooks on this xstate (issue 19): XState's pure functions call no host code and return
// the calls; an actor calls them in the rules' order, its inspector sees each by name; the fast
// path of the rules actions agrees with the documented one on this xstate (its self-test).
const calls: string[] = [];
const hooks: Partial<HostHooks> = {
  untapPermanents: ({ player, turn }) => { calls.push(\`T\${turn} untap \${player}\`); },
  drawCard: ({ player, turn }) => { calls.push(\`T\${turn} draw \${player}\`); },
  performStateBasedActions: ({ rule, turn }) => { calls.push(\`T\${turn} sba \${rule}\`); return false; },
};
check(XSTATE_FAST_PATH_AGREES, 'the fast path agrees with the documented one on this xstate (the self-test at load)');
const engineMachine = createTurnMachine({ hooks });
const [first, pending] = initialTransition(engineMachine, { players: ['A', 'B'] });
transition(engineMachine, first, { type: 'priority.pass', player: 'A' });
check(calls.length === 0, 'the pure functions call no host code', calls);
check(pending.some((action) => action.type === 'untapPermanents'), 'initialTransition returns the hook calls', pending.map((action) => action.type));
const inspected: string[] = [];
const engineActor = createActor(engineMachine, { input: { players: ['A', 'B'], options: { skipFirstDraw: false } }, inspect: (e) => { if (e.type === '@xstate.action') inspected.push(e.action.type); } });
engineActor.start();
engineActor.send({ type: 'priority.pass', player: 'A' });
engineActor.send({ type: 'priority.pass', player: 'B' });
const expected = ['T1 untap A', 'T1 sba 117.5', 'T1 sba 117.5', 'T1 draw A', 'T1 sba 117.5'];
check(JSON.stringify(calls) === JSON.stringify(expected), 'the hooks in the order of the rules', calls);
check(['untapPermanents', 'drawCard', 'performStateBasedActions'].every((name) => inspected.includes(name)), 'the inspector sees the hook calls', inspected);
engineActor.stop();
const played = createPlayout({ players: ['A', 'B'] }, { hooks });
played.send({ type: 'priority.pass', player: 'A' });
check(played.view().priority === 'B', 'a playout with hooks', played.view());
console.log(\`game ok: turn \${seen.turn}, \${seen.activePlayer}'s \${seen.step}, exile \${seen.zones.exile.join(',')}; hooks ok\`);
`;
}

const ESM_IMPORTS = `import { createActor, initialTransition, transition } from 'xstate';
import { createGame, createTurnMachine, turnMachine, view, XSTATE_FAST_PATH_AGREES, type Game, type HostHooks, type LegalAction, type View } from 'mtg-turn-machine';
import { createPlayout } from 'mtg-turn-machine/playout';
import { validateScenario } from 'mtg-turn-machine/scenario';
import { PHASES } from 'mtg-turn-machine/vocabulary';`;

/** TypeScript compiles these imports of a CommonJS file to require() calls. */
const CJS_IMPORTS = ESM_IMPORTS;

const TS_CONFIGS: Record<string, Record<string, unknown>> = {
  bundler: { module: 'esnext', moduleResolution: 'bundler', noEmit: true },
  node16: { module: 'node16', moduleResolution: 'node16', outDir: 'out' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', noEmit: true },
};

export function checkLibraryConsumer(tarball: string, xstate: string, parent: string): void {
  const app = join(parent, `app-xstate-${xstate}`);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, `xstate@${xstate}`], app);

  const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
  if (installed.sort().join(' ') !== 'mtg-turn-machine xstate') fail(`installing the library brought ${installed.join(', ')} (expected only mtg-turn-machine and xstate)`);
  const added = bytesBelow(join(app, 'node_modules'), ['xstate']);
  if (added >= LIMITS.installedBytes) fail(`installing the library adds ${kB(added)} besides xstate (limit ${kB(LIMITS.installedBytes)})`);

  writeFileSync(join(app, 'consumer.mts'), consumerSource(ESM_IMPORTS));
  writeFileSync(join(app, 'consumer.cts'), consumerSource(CJS_IMPORTS));
  for (const [name, options] of Object.entries(TS_CONFIGS)) {
    const files = name === 'bundler' ? ['consumer.mts'] : ['consumer.mts', 'consumer.cts'];
    const compilerOptions = { ...options, strict: true, skipLibCheck: false, target: 'es2022', lib: ['es2022', 'dom'], types: [] };
    writeFileSync(join(app, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files }));
    run(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], app);
  }
  // node16's output: consumer.mjs imports the package, consumer.cjs requires it.
  for (const program of ['out/consumer.mjs', 'out/consumer.cjs']) {
    const output = run(process.execPath, [program], app);
    if (!output.startsWith('game ok')) fail(`${program} printed ${output}`);
  }
  const schemaCheck = `const path = require.resolve('mtg-turn-machine/scenario.schema.json');
const schema = require(path);
if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema' || !schema.$id) throw new Error('not the scenario schema: ' + path);
import('mtg-turn-machine/scenario.schema.json', { with: { type: 'json' } }).then((m) => console.log(m.default.$id));`;
  run(process.execPath, ['-e', schemaCheck], app);
  say(`xstate ${xstate}: installs ${kB(added)} besides xstate (${installed.join(', ')}); type-checks under ${Object.keys(TS_CONFIGS).join(', ')}; import and require each play a game`);
}

/** The URL a started `visualize` prints (`Visualizer: http://…`); rejects with its output if it exits first. */
export function visualizerUrl(child: ChildProcess, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Visualizer: (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${output}`)));
  });
}

async function checkCli(parent: string): Promise<void> {
  const packed = pack('packages/cli', parent);
  const stray = packed.files.map((f) => f.path).filter((path) => /\.map$|(^|\/)src\//.test(path));
  if (stray.length > 0) fail(`the CLI's tarball holds ${stray.join(', ')}`);
  const app = join(parent, 'app-cli');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'cli-user', version: '1.0.0', private: true }));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', packed.file], app);
  const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
  if (installed.join(' ') !== 'mtg-turn-machine-cli') fail(`installing the CLI brought ${installed.join(', ')}`);
  const bin = join(app, 'node_modules', '.bin', 'mtg-turn-machine');
  const version = run(bin, ['--version'], app).trim();
  const ran = run(bin, ['scenario', join(app, 'node_modules', 'mtg-turn-machine-cli', 'dist', 'scenarios')], app).trim().split('\n').at(-1);
  if (!/^\d+ passed, 0 failed$/.test(ran ?? '')) fail(`the CLI's bundled scenarios: ${ran}`);

  const server = spawn(bin, ['visualize', '--port', '0'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await visualizerUrl(server, 'the installed visualizer');
    const page = await fetch(url);
    if (!page.ok || !(await page.text()).includes('<script')) fail(`the installed visualizer's page: HTTP ${page.status}`);
    const listed = (await (await fetch(new URL('api/scenarios', url))).json()) as { file: string }[];
    if (listed.length === 0) fail('the installed visualizer offers no example scenario');
    say(`CLI ${version}: tarball ${kB(packed.size)}, ${kB(packed.unpackedSize)} unpacked, no dependencies; ${ran}; its visualizer offers ${listed.length} examples`);
  } finally {
    server.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  // The matrix: the lowest and the newest xstate the peer range admits (the range is capped at what is tested).
  const range = manifest.peerDependencies.xstate;
  const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...new Set([lowestOf(range), newestOf(range)])];
  const parent = mkdtempSync(join(tmpdir(), 'mtg-consumer-'));
  try {
    const packed = pack(undefined, parent);
    checkLibraryTarball(packed);
    await checkPublishLints(packed);
    for (const xstate of versions) checkLibraryConsumer(packed.file, xstate, parent);
    checkJest(packed.file, parent);
    checkTestingPaths(packed.file, parent);
    await checkViteReactApp(packed.file, parent);
    await checkCli(parent);
    say('all passed');
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
