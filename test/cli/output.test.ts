// The command's output: a reader that stops early (`| head`) ends it quietly, never with a crash.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the command line writes to a pipe', () => {
  it('stops quietly (exit 0, nothing on stderr) when the reader closes the pipe early', () => {
    const cli = `"${process.execPath}" --import tsx src/cli/main.ts`;
    const piped = spawnSync('bash', ['-c', `${cli} play | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', timeout: 60_000 });
    expect(piped.error).toBeUndefined();
    expect(piped.stderr).not.toContain('EPIPE');
    expect(piped.stderr.trim()).toBe('status 0');
  });
});
