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

  it('ships its ES modules, their declarations, the JSON Schema, LICENSE and README: no map, no CLI, nothing twice', () => {
    expect(() => checkLibraryTarball(packed)).not.toThrow();
    expect(paths.filter((path) => /\.map$|cli|server|visualizer|inspect|export\/|\.ts$(?<!\.d\.ts)/.test(path))).toEqual([]);
  });

  it('imports nothing but xstate and its own files', () => {
    const bare = new Set<string>();
    for (const path of paths.filter((p) => /\.(c?js)$/.test(p))) {
      const code = readFileSync(join(ROOT, path), 'utf8');
      for (const [, specifier] of code.matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (!specifier.startsWith('.')) bare.add(specifier);
      }
    }
    expect([...bare]).toEqual(['xstate']);
  });

  it('declares xstate a peer, has no dependencies, and names its licence and repository', () => {
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toEqual({ xstate: expect.stringMatching(/^\^5\.\d+\.\d+$/) });
    expect(manifest.devDependencies.xstate).toBeDefined();
    expect(manifest.bin).toBeUndefined();
    expect(manifest.repository.url).toMatch(/^git\+https:/);
    expect(manifest.keywords.length).toBeGreaterThan(3);
    expect(existsSync(join(ROOT, 'LICENSE'))).toBe(true);
  });

  it.each(['.', './vocabulary', './scenario'])('%s has types, import and require conditions', (entry) => {
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

  it('require() and import share one copy of the library', () => {
    const same = load(`import('mtg-turn-machine').then((m) => console.log(JSON.stringify(m.turnMachine === require('mtg-turn-machine').turnMachine)))`);
    expect(same).toBe(true);
  });

  it.each(['mtg-turn-machine/vocabulary', 'mtg-turn-machine/scenario'])('%s loads with require()', (name) => {
    expect(load(`console.log(JSON.stringify(Object.keys(require('${name}')).length > 5))`)).toBe(true);
  });

  it('mtg-turn-machine/scenario.schema.json is the JSON Schema generated from the scenario format', () => {
    expect(load(`console.log(JSON.stringify(require('mtg-turn-machine/scenario.schema.json')))`)).toEqual(scenarioJsonSchema());
  });
});
