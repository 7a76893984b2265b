// `npm start` (issue 12): with the build current it builds nothing before serving, and SIGTERM sent to
// npm alone (not its process group) stops the server and frees the port.
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { visualizerUrl } from '../../scripts/consumer-check.js';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('npm start', () => {
  it('serves without building when the build is current, and stops when npm is sent SIGTERM', async () => {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const npm = spawn('npm', ['start', '--', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => { output += chunk.toString(); };
    npm.stdout.on('data', collect);
    npm.stderr.on('data', collect);
    const url = await visualizerUrl(npm, 'npm start');
    expect(output).not.toMatch(/built |tsc|esbuild/);
    expect((await fetch(url)).status).toBe(200);
    const examples = (await (await fetch(new URL('api/scenarios', url))).json()) as unknown[];
    expect(examples.length).toBeGreaterThan(0);

    const exited = new Promise((resolve) => npm.once('exit', resolve));
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    await expect(fetch(url)).rejects.toThrow();
  });
});
