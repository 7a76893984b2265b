import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const REPO_ROOT = new URL('../..', import.meta.url).pathname;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** With `headless: true` Playwright adds --headless itself. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface StartedApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the app the way the README does (`npm start`, on a free port) and waits
 * for the URL it prints. VISUALIZER_URL instead uses an app that is already running.
 */
export async function startApp(): Promise<StartedApp> {
  if (process.env.VISUALIZER_URL) return { url: process.env.VISUALIZER_URL, stop: async () => {} };
  const child: ChildProcess = spawn('npm', ['start', '--', '--port', '0'], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 150 s:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(/https?:\/\/[^\s]+/);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before printing a URL:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

export interface StartedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile and no background network; `args` adds command-line switches. */
export async function startBrowser(args: string[] = []): Promise<StartedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'mtg-visualizer-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...args],
    viewport: { width: 1920, height: 1080 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
