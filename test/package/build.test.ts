// The build rebuilds a target only when a source is newer than what it made; the CLI finds its page,
// its examples and its version where its package puts them (issue 12).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildProject, staleness, type Target } from '../../scripts/build.js';
import { packageVersion } from '../../src/cli/version.js';
import { visualizerAssets } from '../../src/server/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'mtg-build-'));
const write = (path: string, text = 'x') => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
};
const age = (path: string, secondsAgo: number) => {
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, time, time);
};

function counted(name: string, inputs: string[], outputs: string[]): Target & { runs: number } {
  const target = { name, inputs, outputs, runs: 0, run: async () => { target.runs += 1; outputs.forEach((out) => write(out)); } };
  return target;
}

describe('the build', () => {
  it('builds what is missing, then nothing while the sources are older than the outputs', async () => {
    const root = mkdtempSync(join(dir, 'a-'));
    const source = write(join(root, 'src', 'a.ts'));
    age(source, 60);
    const target = counted('a', [join(root, 'src')], [join(root, 'out', 'a.js')]);
    expect(staleness(target)).toMatch(/missing/);
    expect(await buildProject(undefined, { targets: [target], log: () => {} })).toEqual(['a']);
    expect(staleness(target)).toBeUndefined();
    expect(await buildProject(undefined, { targets: [target], log: () => {} })).toEqual([]);
    expect(target.runs).toBe(1);
  });

  it('rebuilds when a source file is newer, or a file was removed from a source folder', async () => {
    const root = mkdtempSync(join(dir, 'b-'));
    const source = write(join(root, 'src', 'deep', 'b.ts'));
    const other = write(join(root, 'src', 'deep', 'c.ts'));
    const target = counted('b', [join(root, 'src')], [join(root, 'out', 'b.js')]);
    await target.run();
    for (const path of [source, other, join(root, 'src', 'deep'), join(root, 'src')]) age(path, 60);
    expect(staleness(target)).toBeUndefined();
    age(source, -5); // edited after the build
    expect(staleness(target)).toBe('sources changed');
    age(source, 60);
    expect(staleness(target)).toBeUndefined();
    rmSync(other);
    expect(staleness(target)).toBe('sources changed');
  });

  it('builds only the targets named, and refuses an unknown name', async () => {
    const root = mkdtempSync(join(dir, 'c-'));
    const one = counted('one', [], [join(root, 'one.js')]);
    const two = counted('two', [], [join(root, 'two.js')]);
    expect(await buildProject(['two'], { targets: [one, two], log: () => {} })).toEqual(['two']);
    await expect(buildProject(['three'], { targets: [one, two] })).rejects.toThrow('unknown build target three (known: one, two)');
  });
});

describe('the CLI package finds its assets', () => {
  it('installed: its own page and the example scenarios shipped in it', () => {
    const root = mkdtempSync(join(dir, 'installed-'));
    write(join(root, 'package.json'), '{"name":"mtg-turn-machine-cli"}');
    mkdirSync(join(root, 'dist', 'scenarios'), { recursive: true });
    expect(visualizerAssets(root)).toEqual({ staticDir: join(root, 'dist', 'visualizer'), scenarioDirs: [join(root, 'dist', 'scenarios')] });
  });

  it('in the repository: the page built into packages/cli, the scenarios of test/scenarios', () => {
    const root = mkdtempSync(join(dir, 'repo-'));
    write(join(root, 'packages', 'cli', 'package.json'), '{}');
    mkdirSync(join(root, 'test', 'scenarios'), { recursive: true });
    expect(visualizerAssets(root)).toEqual({ staticDir: join(root, 'packages', 'cli', 'dist', 'visualizer'), scenarioDirs: [join(root, 'test', 'scenarios')] });
  });

  it('--version: the version of the CLI package, from its bundle', () => {
    const root = mkdtempSync(join(dir, 'version-'));
    write(join(root, 'package.json'), JSON.stringify({ name: 'mtg-turn-machine-cli', version: '3.4.5' }));
    expect(packageVersion(pathToFileURL(join(root, 'dist', 'cli.js')))).toBe('3.4.5');
  });
});
