// The library as packed: what its tarball holds, what it imports, how it is loaded (issue 12).
// scripts/consumer-check.ts installs the same tarball in a fresh app (CI); this is the quick check.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLibraryTarball, pack } from '../../scripts/consumer-check.js';
import * as fromSource from '../../src/index.js';
import { scenarioJsonSchema } from '../../src/scenario/index.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const packDir = mkdtempSync(join(tmpdir(), 'mtg-pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

describe('the library package', () => {
  const packed = pack(undefined, packDir);
  const paths = packed.files.map((file) => file.path);

  it('ships its ES modules and CommonJS files, their declarations, the machine for Stately, the JSON Schema, LICENSE, README and CHANGELOG: no map, no CLI', () => {
    expect(() => checkLibraryTarball(packed)).not.toThrow();
    expect(paths.filter((path) => /\.map$|cli|server|visualizer|inspect|export\/|\.ts$(?<!\.d\.ts|^dist\/machines\/\w+\.machine\.ts)/.test(path))).toEqual([]);
  });

  it('imports nothing but its peers and its own files: xstate (and xstate/graph for testing), react only in react.*', () => {
    const bare = new Map<string, Set<string>>();
    for (const path of paths.filter((p) => /\.(c?js)$/.test(p))) {
      const code = readFileSync(join(ROOT, path), 'utf8');
      for (const [, specifier] of code.matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (!specifier.startsWith('.')) bare.set(specifier, new Set([...(bare.get(specifier) ?? []), path]));
      }
    }
    expect([...bare.keys()].sort()).toEqual(['react', 'xstate', 'xstate/graph']);
    expect([...bare.get('react')!].sort()).toEqual(['dist/lib/react.cjs', 'dist/lib/react.js']);
    expect([...bare.get('xstate/graph')!].every((path) => /^dist\/lib\/testing\.c?js$/.test(path))).toBe(true);
  });

  it('declares xstate a peer, has no dependencies, and names its licence and repository', () => {
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toEqual({ xstate: expect.stringMatching(/^~5\.\d+\.\d+$/), react: expect.any(String) }); // capped at the minor CI tests
    expect(manifest.peerDependenciesMeta).toEqual({ react: { optional: true } }); // only mtg-turn-machine/react uses it
    expect(manifest.devDependencies.xstate).toBeDefined();
    expect(manifest.bin).toBeUndefined();
    expect(manifest.repository.url).toMatch(/^git\+https:/);
    expect(manifest.keywords.length).toBeGreaterThan(3);
    expect(existsSync(join(ROOT, 'LICENSE'))).toBe(true);
  });

  it.each(['.', './vocabulary', './playout', './scenario', './testing', './react'])('%s has types, import and require conditions', (entry) => {
    const conditions = manifest.exports[entry];
    expect(Object.keys(conditions)).toEqual(['import', 'require']);
    for (const condition of ['import', 'require']) {
      expect(Object.keys(conditions[condition])).toEqual(['types', 'default']);
      for (const file of Object.values(conditions[condition]) as string[]) expect(paths).toContain(file.slice(2));
    }
  });
});

describe('loading the package by its name (self-reference: what an installed copy resolves)', () => {
  const load = (code: string) => JSON.parse(execFileSync(process.execPath, ['--input-type=commonjs', '-e', code], { cwd: ROOT, encoding: 'utf8' }));

  it('require() gets the same exports as import', async () => {
    const required = load(`console.log(JSON.stringify(Object.keys(require('mtg-turn-machine')).sort()))`);
    const imported = load(`import('mtg-turn-machine').then((m) => console.log(JSON.stringify(Object.keys(m).sort())))`);
    expect(required).toEqual(Object.keys(fromSource).sort());
    expect(imported).toEqual(required);
  });

  it('require() loads real CommonJS (no require of an ES module: Jest and Node without require(esm) can load it)', () => {
    const code = `const m = require('mtg-turn-machine'); const g = m.createGame({ players: ['A', 'B'] }); g.send(m.pass('A')); g.send(m.pass('B'));
console.log(JSON.stringify([require.resolve('mtg-turn-machine'), g.view().phase]))`;
    const [file, phase] = JSON.parse(execFileSync(process.execPath, ['--no-experimental-require-module', '--input-type=commonjs', '-e', code], { cwd: ROOT, encoding: 'utf8' }));
    expect(file).toMatch(/dist\/lib\/index\.cjs$/);
    expect(phase).toBe('precombatMain'); // both pass in the upkeep; two players skip turn 1's draw (103.8a)
  });

  it.each(['mtg-turn-machine/vocabulary', 'mtg-turn-machine/scenario', 'mtg-turn-machine/testing'])('%s loads with require()', (name) => {
    expect(load(`console.log(JSON.stringify(Object.keys(require('${name}')).length > 5))`)).toBe(true);
  });

  it('mtg-turn-machine/playout loads with require() and plays (its one export: createPlayout)', () => {
    expect(load(`const { createPlayout } = require('mtg-turn-machine/playout'); const p = createPlayout({ players: ['A', 'B'] });
console.log(JSON.stringify([p.send({ type: 'priority.pass', player: 'A' }), p.send({ type: 'priority.pass', player: 'A' }) !== null]))`)).toEqual([null, true]);
  });

  it('mtg-turn-machine/machines/turn.json is the chart\'s config (and dist/machines/turn.machine.ts its createMachine source, for Stately)', () => {
    const config = load(`console.log(JSON.stringify(require('mtg-turn-machine/machines/turn.json')))`);
    expect(config).toEqual(JSON.parse(JSON.stringify(fromSource.turnMachine.config)));
    const source = readFileSync(join(ROOT, 'dist', 'machines', 'turn.machine.ts'), 'utf8');
    expect(source).toContain(`createMachine(${JSON.stringify(fromSource.turnMachine.config, null, 2)});`);
  });

  it('mtg-turn-machine/scenario.schema.json is the JSON Schema generated from the scenario format', () => {
    expect(load(`console.log(JSON.stringify(require('mtg-turn-machine/scenario.schema.json')))`)).toEqual(scenarioJsonSchema());
  });
});
