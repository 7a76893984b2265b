// The build: `npm run build` (also `prepare`, so `npm ci` and `npm pack` build). Each target is
// rebuilt only when a file it is made from is newer than the oldest file it makes (or one is
// missing); `--force` rebuilds them all; target names as arguments build only those.
//
//   library     dist/lib/          the package, built by tsdown: for each entry an ES module (*.js) and a
//                                  CommonJS file (*.cjs) with shared chunks, and bundled declarations
//                                  (*.d.ts, *.d.cts); the peers (xstate, react) external,
//                                  the scenario validator's helpers inlined
//   schema      schema/scenario.schema.json   the scenario format as JSON Schema
//   machines    dist/machines/     each machine of stately.config.ts as JSON (NAME.json) and as a literal
//                                  createMachine({...}) source for Stately's "Import from code" (NAME.machine.ts)
//   cli         packages/cli/dist/cli.js, dist/scenarios/   the CLI as one file, every dependency inlined
//   visualizer  packages/cli/dist/visualizer/                 the page the CLI serves
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** A path of the repository (an absolute path stays as it is). */
const at = (...parts: string[]) => resolve(ROOT, ...parts);

/** The library's public entries: `mtg-turn-machine`, `mtg-turn-machine/vocabulary`, `…/playout`, `…/scenario`, `…/testing`, `…/react`. */
export const LIBRARY_ENTRIES = {
  index: 'src/index.ts', vocabulary: 'src/vocabulary/index.ts', playout: 'src/playout/index.ts', scenario: 'src/scenario/index.ts',
  testing: 'src/testing/index.ts', react: 'src/react/index.ts',
} as const;
const LIBRARY_SOURCES = [
  'src/index.ts', 'src/api', 'src/machine', 'src/playout', 'src/rules', 'src/vocabulary', 'src/scenario', 'src/testing', 'src/react', 'machines', 'tsconfig.json', 'tsconfig.lib.json',
];
/** Never bundled: the user's own copies (peer dependencies). */
const PEERS = [/^xstate(\/.*)?$/, /^react(\/.*)?$/];
/** Bundled into the library (dev dependencies, so a user installs nothing but the peers). */
const INLINED = ['dequal', 'fastest-levenshtein', 'jsonc-parser'];
const CLI_DIST = 'packages/cli/dist';

export interface Target {
  name: string;
  /** Files and folders (walked) it is made from; this script is always one. */
  inputs: string[];
  /** Files it makes. */
  outputs: string[];
  run(): Promise<void>;
}

// esbuild (and the visualizer's build, which uses it) load only when something is built: its service
// process would otherwise live as long as `npm start`'s server.
const esbuild = () => import('esbuild');

async function buildLibrary(): Promise<void> {
  const { build } = await import('tsdown');
  // tsdown (Rolldown): real ES module and CommonJS files per entry with shared chunks, and declarations
  // bundled per entry for each module system (.d.ts beside the .js, .d.cts beside the .cjs).
  await build({
    config: false,
    cwd: ROOT,
    entry: LIBRARY_ENTRIES,
    outDir: at('dist', 'lib'),
    clean: true,
    format: ['esm', 'cjs'],
    platform: 'neutral',
    target: 'es2022',
    fixedExtension: false,
    tsconfig: at('tsconfig.lib.json'),
    dts: { tsconfig: at('tsconfig.lib.json') },
    // The peers stay the user's; the scenario validator's small helpers are inlined.
    deps: { neverBundle: PEERS, onlyBundle: INLINED },
    // jsonc-parser's `main` is a UMD build that requires its own files at run time: take its ES modules.
    inputOptions: { resolve: { mainFields: ['module', 'main'] }, checks: { pluginTimings: false } },
    report: false,
    logLevel: 'warn',
    failOnWarn: true,
  });
}

async function buildSchema(): Promise<void> {
  const url = `${pathToFileURL(at('dist', 'lib', 'scenario.js')).href}?${Date.now()}`;
  const { scenarioJsonSchema } = (await import(url)) as typeof import('../src/scenario/index.js');
  mkdirSync(at('schema'), { recursive: true });
  writeFileSync(at('schema', 'scenario.schema.json'), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
}

async function buildCli(): Promise<void> {
  const { build } = await esbuild();
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    outfile: at(CLI_DIST, 'cli.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // jsonc-parser's `main` is a UMD build that requires its own files at run time: take its ES modules.
    mainFields: ['module', 'main'],
    // ws loads these native speed-ups when present and does without them otherwise.
    external: ['bufferutil', 'utf-8-validate'],
    // The CommonJS dependencies (commander, ws) require Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  rmSync(at(CLI_DIST, 'scenarios'), { recursive: true, force: true });
  cpSync(at('test', 'scenarios'), at(CLI_DIST, 'scenarios'), { recursive: true, filter: (path) => statSync(path).isDirectory() || path.endsWith('.json') });
}

/** packages/host/dist/index.js: the host package's JavaScript (its dependencies and the library stay imports). */
async function buildHost(): Promise<void> {
  const { build } = await esbuild();
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['packages/host/src/index.ts'],
    outfile: at('packages', 'host', 'dist', 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

const VISUALIZER_FILES = ['index.html', 'app.js', 'app.css', 'elk-worker.js'];

export const TARGETS: Target[] = [
  {
    name: 'library',
    inputs: LIBRARY_SOURCES,
    outputs: Object.keys(LIBRARY_ENTRIES).flatMap((entry) => ['js', 'cjs', 'd.ts', 'd.cts'].map((ext) => `dist/lib/${entry}.${ext}`)),
    run: buildLibrary,
  },
  { name: 'schema', inputs: ['src/vocabulary', 'src/scenario', 'dist/lib/scenario.js'], outputs: ['schema/scenario.schema.json'], run: buildSchema },
  {
    name: 'machines',
    inputs: ['machines', 'src/machine', 'src/rules', 'src/vocabulary', 'src/export', 'stately.config.ts'],
    outputs: ['dist/machines/turn.json', 'dist/machines/turn.machine.ts'],
    run: async () => {
      rmSync(at('dist', 'machines'), { recursive: true, force: true });
      await (await import('../src/export/command.js')).runExportCommand({ out: at('dist', 'machines') });
    },
  },
  { name: 'cli', inputs: ['src', 'machines', 'stately.config.ts', 'test/scenarios'], outputs: [`${CLI_DIST}/cli.js`, `${CLI_DIST}/scenarios`], run: buildCli },
  {
    name: 'visualizer',
    inputs: ['src', 'machines'],
    outputs: VISUALIZER_FILES.map((f) => `${CLI_DIST}/visualizer/${f}`),
    run: async () => (await import('../src/visualizer/build.js')).buildVisualizer(at(CLI_DIST, 'visualizer')),
  },
  { name: 'host', inputs: ['packages/host/src'], outputs: ['packages/host/dist/index.js'], run: buildHost },
];

/** The newest modification time among these files and folders (a folder's own time changes when an entry is removed). */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    latest = Math.max(latest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  paths.forEach(visit);
  return latest;
}

/** Why a target must be built, or undefined when its outputs are all newer than its inputs. */
export function staleness(target: Target): string | undefined {
  const missing = target.outputs.find((output) => !existsSync(at(output)));
  if (missing) return `${missing} is missing`;
  const oldest = Math.min(...target.outputs.map((output) => statSync(at(output)).mtimeMs));
  const latest = newest([fileURLToPath(import.meta.url), ...target.inputs.map((input) => at(input))]);
  return latest > oldest ? 'sources changed' : undefined;
}

/** Builds the named targets (all by default) that are out of date, in order; returns what was built. */
export async function buildProject(
  names?: string[],
  options: { force?: boolean; log?: (line: string) => void; targets?: Target[] } = {},
): Promise<string[]> {
  const targets = options.targets ?? TARGETS;
  const log = options.log ?? ((line: string) => console.error(line)); // stderr: `npm pack --json` runs this (prepare) and prints JSON on stdout
  const unknown = (names ?? []).filter((name) => !targets.some((target) => target.name === name));
  if (unknown.length > 0) throw new Error(`unknown build target ${unknown.join(', ')} (known: ${targets.map((t) => t.name).join(', ')})`);
  const built: string[] = [];
  for (const target of targets.filter((t) => !names || names.includes(t.name))) {
    const reason = options.force ? 'forced' : staleness(target);
    if (!reason) continue;
    const started = performance.now();
    await target.run();
    built.push(target.name);
    log(`built ${target.name} (${reason}) in ${((performance.now() - started) / 1000).toFixed(1)} s → ${target.outputs.map((o) => relative(ROOT, at(o))).join(', ')}`);
  }
  return built;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const built = await buildProject(args.filter((a) => a !== '--force').length > 0 ? args.filter((a) => a !== '--force') : undefined, { force: args.includes('--force') });
  if (built.length === 0) console.error('build: everything is current');
}
