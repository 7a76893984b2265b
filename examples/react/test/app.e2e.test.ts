// The built example in Debian's Chromium (playwright-core, as the visualizer's browser tests): a turn
// in which Ann casts Time Stop in her upkeep, each seat offered only its legal actions.
import { createGame } from 'mtg-turn-machine';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: PreviewServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The build is `vite build` (npm test runs it first): dist/ is what a user would deploy.
  server = await preview({ root: ROOT, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.resolvedUrls!.local[0]);
  await page.getByTestId('turn').waitFor();
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (testId: string) => page.getByTestId(testId).innerText();
const buttons = (seat: string) => page.locator(`[data-seat="${seat}"] button:not([data-shortcuts] button)`).allInnerTexts();
const shortcut = (seat: string, label: string) => page.locator(`[data-shortcuts="${seat}"]`).getByRole('button', { name: label, exact: true }).click();
const click = (seat: string, label: string) => page.locator(`[data-seat="${seat}"]`).getByRole('button', { name: label, exact: true }).click();

describe('the React table', () => {
  it('opens in turn 1, Ann holding priority in her upkeep; only Ann may act', async () => {
    expect(await text('turn')).toBe('Turn 1');
    expect(await text('step')).toBe('beginning / upkeep');
    expect(await text('priority')).toBe('Ann');
    expect(await buttons('Ann')).toEqual(['Pass', 'Cast Time Stop', 'Cast Mandate of Peace', 'Activate Sundial of the Infinite']);
    expect(await buttons('Bo')).toEqual([]);
    expect(await page.locator('[data-testid="history"] li').first().innerText()).toMatch(/turn 1 begins \(Ann\)/);
    // useGame's history is whole from the first record: every record of turn 1 so far, none missed before an effect ran.
    const records = createGame({ players: ['Ann', 'Bo'] }).history.length;
    expect(records).toBeGreaterThan(3);
    expect(await page.locator('[data-testid="history"] li').count()).toBe(records);
  });

  it('Ann casts Time Stop and passes; Bo may respond with instants but not with Sundial (only on his turn)', async () => {
    await click('Ann', 'Cast Time Stop');
    expect(await page.getByTestId('stack').innerText()).toBe('time-stop-1 (spell of Ann)');
    expect(await text('priority')).toBe('Ann');
    await click('Ann', 'Pass');
    expect(await text('priority')).toBe('Bo');
    expect(await buttons('Bo')).toEqual(['Pass', 'Cast Time Stop', 'Cast Mandate of Peace']);
    expect(await buttons('Ann')).toEqual([]);
  });

  it('Bo passes: Time Stop resolves, the turn ends (723.1) and Bo begins turn 2', async () => {
    await click('Bo', 'Pass');
    expect(await text('turn')).toBe('Turn 2');
    expect(await text('active')).toBe('Bo');
    expect(await text('step')).toBe('beginning / upkeep');
    expect(await text('priority')).toBe('Bo');
    expect(await text('exile')).toBe('time-stop-1');
    const history = await page.locator('[data-testid="history"] li').allInnerTexts();
    expect(history).toContain('T1 upkeep: time-stop-1 ends the turn (724.1)'); // the default edition's number (2026-04-17; 723.1 in September 2025)
    expect(await buttons('Bo')).toEqual(['Pass', 'Cast Time Stop', 'Cast Mandate of Peace', 'Activate Sundial of the Infinite']);
  });

  it('732.2: an empty turn in two clicks — Ann passes until her turn, Bo until end of turn; the game says why it stopped', async () => {
    await shortcut('Ann', 'Pass until my turn');
    await shortcut('Bo', 'Pass until end of turn');
    expect(await text('turn')).toBe('Turn 3');
    expect(await text('active')).toBe('Ann');
    expect(await text('step')).toBe('beginning / upkeep');
    expect(await text('priority')).toBe('Ann');
    expect(await text('stop-reason')).toMatch(/Ann's standing pass \(until Ann's next turn\) reached its end: Ann holds priority \(732\.2\)/);
  });
});
