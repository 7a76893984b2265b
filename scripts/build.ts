// The build: `npm run build` (also `prepare`, so `npm ci` and `npm pack` build). Each target is
// rebuilt only when a file it is made from is newer than the oldest file it makes (or one is
// missing); `--force` rebuilds them all; target names as arguments build only those.
//
//   library     dist/lib/          the package's JavaScript: ESM, one file per entry plus shared chunks,
//                                  xstate external, the scenario validator's helpers inlined;
//                                  *.cjs, *.d.ts, *.d.cts entry files for `require` and for types
//   types       dist/types/        the declarations tsc emits for the three entries (tsconfig.lib.json)
//   schema      schema/scenario.schema.json   the scenario format as JSON Schema
//   cli         packages/cli/dist/cli.js, dist/scenarios/   the CLI as one file, every dependency inlined
//   visualizer  packages/cli/dist/visualizer/                 the page the CLI serves
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** A path of the repository (an absolute path stays as it is). */
const at = (...parts: string[]) => resolve(ROOT, ...parts);

/** The library's public entries: `mtg-turn-machine`, `mtg-turn-machine/vocabulary`, `mtg-turn-machine/scenario`. */
export const LIBRARY_ENTRIES = { index: 'src/index.ts', vocabulary: 'src/vocabulary/index.ts', scenario: 'src/scenario/index.ts' } as const;
const LIBRARY_SOURCES = ['src/index.ts', 'src/api', 'src/machine', 'src/rules', 'src/vocabulary', 'src/scenario', 'machines'];
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
  const { build } = await esbuild();
  const out = at('dist', 'lib');
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: LIBRARY_ENTRIES,
    outdir: out,
    bundle: true,
    splitting: true,
    chunkNames: 'shared/[name]-[hash]',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    external: ['xstate', 'xstate/*'],
    logLevel: 'warning',
  });
  for (const entry of Object.keys(LIBRARY_ENTRIES)) {
    // require() of the ES module itself (Node 20.19+): one copy of the library whichever way it is loaded.
    writeFileSync(join(out, `${entry}.cjs`), `'use strict';\nmodule.exports = require('./${entry}.js');\n`);
    const declarations = `export * from '../types/${LIBRARY_ENTRIES[entry as keyof typeof LIBRARY_ENTRIES].replace(/\.ts$/, '.js')}';\n`;
    writeFileSync(join(out, `${entry}.d.ts`), declarations);
    writeFileSync(join(out, `${entry}.d.cts`), declarations);
  }
}

function buildTypes(): Promise<void> {
  rmSync(at('dist', 'types'), { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [at('node_modules', 'typescript', 'bin', 'tsc'), '-p', at('tsconfig.lib.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('tsc -p tsconfig.lib.json failed');
  // Declarations read the same from either module system; marking them CommonJS lets `require` consumers
  // under TypeScript's node16 resolution use them (ES module consumers re-export them from dist/lib/*.d.ts).
  writeFileSync(at('dist', 'types', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  return Promise.resolve();
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

const VISUALIZER_FILES = ['index.html', 'app.js', 'app.css', 'elk-worker.js'];

export const TARGETS: Target[] = [
  { name: 'library', inputs: LIBRARY_SOURCES, outputs: ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'scenario.js', 'vocabulary.js'].map((f) => `dist/lib/${f}`), run: buildLibrary },
  { name: 'types', inputs: [...LIBRARY_SOURCES, 'tsconfig.json', 'tsconfig.lib.json'], outputs: ['dist/types/src/index.d.ts', 'dist/types/package.json'], run: buildTypes },
  { name: 'schema', inputs: ['src/vocabulary', 'src/scenario', 'dist/lib/scenario.js'], outputs: ['schema/scenario.schema.json'], run: buildSchema },
  { name: 'cli', inputs: ['src', 'machines', 'stately.config.ts', 'test/scenarios'], outputs: [`${CLI_DIST}/cli.js`, `${CLI_DIST}/scenarios`], run: buildCli },
  {
    name: 'visualizer',
    inputs: ['src', 'machines'],
    outputs: VISUALIZER_FILES.map((f) => `${CLI_DIST}/visualizer/${f}`),
    run: async () => (await import('../src/visualizer/build.js')).buildVisualizer(at(CLI_DIST, 'visualizer')),
  },
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
