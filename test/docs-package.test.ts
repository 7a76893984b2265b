// The package's documents say what it holds (issue 23): README's table of entries names every subpath
// package.json exports, docs/TESTING.md's table every path family, the CHANGELOG follows Keep a Changelog.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathFamilies } from '../src/testing/index.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const manifest = JSON.parse(read('package.json')) as { name: string; exports: Record<string, unknown>; files: string[] };

describe('the documents of the package', () => {
  it.each(Object.keys(manifest.exports).filter((key) => key !== './package.json'))('README lists the entry %s', (key) => {
    expect(read('README.md')).toContain(`| \`${manifest.name}${key === '.' ? '' : key.slice(1)}\` |`);
  });

  it.each(pathFamilies().map((f) => [f.key, f.name]))('docs/TESTING.md lists the family %s (%s)', (key) => {
    expect(read('docs/TESTING.md')).toContain(`| \`${key}\` |`);
  });

  it('README says how to install before publication (a tarball, a git URL) and keeps the registry line', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm pack');
    expect(readme).toMatch(/npm install \S*mtg-turn-machine-0\.1\.0\.tgz/);
    expect(readme).toContain('npm install git+https://');
    expect(readme).toContain('npm install mtg-turn-machine xstate');
  });

  it('CHANGELOG.md is a Keep a Changelog file shipped in the package, with the tag policy', () => {
    const changelog = read('CHANGELOG.md');
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toContain('[Keep a Changelog]');
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    expect(changelog).toContain('tagged `vX.Y.Z`');
    expect(manifest.files).toContain('CHANGELOG.md');
  });
});
