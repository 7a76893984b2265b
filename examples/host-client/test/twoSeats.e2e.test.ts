// Two seats of one game in Chromium (playwright-core, Debian's browser), each in a browser context
// of its own, played through a host on PGlite: Ann and Bo pass and cast; mid-turn, with a spell on
// the stack, Bo's page is closed and opened again — it shows the game where it is, and goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteStorage, startHost, type RunningHost, type Storage } from 'mtg-turn-machine-host';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PUBLIC = new URL('../public', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let dir: string;
let storage: Storage;
let host: RunningHost;
let browser: Browser;
let game: { id: string; seats: Record<string, string> };
const contexts: BrowserContext[] = [];
const pages: Record<string, Page> = {};
/** Each seat's browser context (Playwright's), to close a seat's window as a player would. */
const windows: Record<string, BrowserContext> = {};

async function open(seat: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  windows[seat] = context;
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${host.url}/#game=${game.id}&seat=${seat}&token=${game.seats[seat]}`);
  await page.getByTestId('status').filter({ hasText: 'connected' }).waitFor();
  await page.getByTestId('version').filter({ hasText: /\d/ }).waitFor();
  expect(errors).toEqual([]);
  pages[seat] = page;
  return page;
}

const text = (seat: string, id: string) => pages[seat].getByTestId(id).innerText();
const buttons = (seat: string) => pages[seat].getByTestId('actions').locator('button').allInnerTexts();
const atVersion = (seat: string, version: number) => pages[seat].getByTestId('version').filter({ hasText: new RegExp(`^${version}$`) }).waitFor();
const click = async (seat: string, label: string, thenVersion: number) => {
  await pages[seat].getByTestId('actions').getByRole('button', { name: label, exact: true }).click();
  await Promise.all(Object.keys(pages).map((s) => atVersion(s, thenVersion)));
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mtg-host-client-'));
  storage = await pgliteStorage(dir);
  host = await startHost({ storage, port: 0, staticDir: PUBLIC });
  const made = await fetch(`${host.url}/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ input: { players: ['Ann', 'Bo'] } }) });
  expect(made.status).toBe(201);
  game = await made.json();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  await open('Ann');
  await open('Bo');
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await storage?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two seats in two browser contexts, through the host', () => {
  it('both pages show turn 1, Ann holding priority in her upkeep (117.3a); only Ann is offered actions', async () => {
    for (const seat of ['Ann', 'Bo']) {
      expect(await text(seat, 'turn')).toBe('1');
      expect(await text(seat, 'step')).toBe('beginning / upkeep');
      expect(await text(seat, 'priority')).toBe('Ann');
    }
    expect(await buttons('Ann')).toEqual(['Pass', 'Cast an instant']);
    expect(await buttons('Bo')).toEqual([]);
  });

  it('Ann casts an instant and passes: Bo holds priority with the spell on the stack (117.3c, 117.3d)', async () => {
    await click('Ann', 'Cast an instant', 1);
    expect(await text('Bo', 'stack')).toMatch(/^Ann-spell-0-\d+$/);
    await click('Ann', 'Pass', 2);
    expect(await text('Bo', 'priority')).toBe('Bo');
    expect(await buttons('Bo')).toEqual(['Pass', 'Cast an instant']);
  });

  it('Bo\'s page is closed mid-turn and opened again: the same version, the spell still on the stack, and Bo goes on', async () => {
    const stack = await text('Bo', 'stack');
    await windows.Bo.close();
    delete pages.Bo;
    await open('Bo');
    expect(await text('Bo', 'version')).toBe('2');
    expect(await text('Bo', 'stack')).toBe(stack);
    expect(await text('Bo', 'priority')).toBe('Bo');
    // 608.1: both passed in succession: the spell resolves, the active player receives priority (117.3b).
    await click('Bo', 'Pass', 3);
    for (const seat of ['Ann', 'Bo']) {
      expect(await text(seat, 'stack')).toBe('empty');
      expect(await text(seat, 'priority')).toBe('Ann');
    }
  });

  it('the host logged every click once, in order, by the seat that made it', async () => {
    const log = await (await fetch(`${host.url}/games/${game.id}/log`, { headers: { Authorization: `Bearer ${game.seats.Bo}` } })).json();
    expect(log.events.map((e: { version: number; by: string; event: { type: string } }) => [e.version, e.by, e.event.type])).toEqual([
      [1, 'Ann', 'spell.cast'], [2, 'Ann', 'priority.pass'], [3, 'Bo', 'priority.pass'],
    ]);
  });
});
