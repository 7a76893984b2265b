// 732.2 in the browser: standing passes from the seats' buttons. An empty turn of a two-player game
// passes in two clicks; a stop fires because an opponent cast a spell, and the page says why, with
// the rule; a step clicked on the chart becomes a stop.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, startBrowser, type StartedApp, type StartedBrowser } from './app.js';

let app: StartedApp;
let browser: StartedBrowser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

afterEach(async () => {
  await page?.close();
});

async function open(): Promise<Page> {
  page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.url}#play`);
  await page.waitForSelector('svg.chart g.state.active');
  expect(errors).toEqual([]);
  return page;
}

const text = (testId: string) => page.getByTestId(testId).innerText();
/** The phase and step the turn panel shows, as the machine names them (`data-phase`, `data-step`). */
const where = async () => `${await page.getByTestId('phase').last().getAttribute('data-phase')} / ${await page.getByTestId('step').last().getAttribute('data-step')}`;

describe('standing passes in the visualizer (732.2)', () => {
  it('passes an empty turn of a two-player game in two clicks: B "my turn", A "end of turn"', async () => {
    await open();
    expect(await text('turn-number')).toBe('1');
    expect(await text('priority-holder')).toBe('A');
    await page.getByTestId('until-turn-B').click(); // click 1: B passes until B's next turn
    expect(await text('standing-passes')).toContain("B: until B's next turn");
    await page.getByTestId('until-end-A').click(); // click 2: A passes until end of turn (declaring no attackers)
    expect(await text('turn-number')).toBe('2');
    expect(await text('active-player')).toBe('B');
    expect(await where()).toBe('beginning / upkeep');
    expect(await text('priority-holder')).toBe('B');
    // Why the game stopped, in words with its rule: B's pass reached its end.
    expect(await text('stop-reason')).toMatch(/B's standing pass \(until B's next turn\) reached its end: B holds priority \(732\.2\)/);
    // The history is that of passes by hand: passes, no declaration by anyone, no attack.
    expect(await page.getByTestId('history').innerText()).toContain('B passes');
  });

  it('stops because an opponent cast a spell: B\'s pass ends, and B then holds priority (opponentCasts)', async () => {
    await open();
    await page.getByTestId('until-turn-B').click();
    await page.getByTestId('card-timeStop').click(); // A casts Time Stop
    expect(await text('standing-passes')).toBe('none');
    expect(await page.getByTestId('history').innerText()).toContain("B's standing pass ends (opponentCasts)");
    await page.getByTestId('pass-A').click();
    expect(await text('priority-holder')).toBe('B');
    expect(await text('stop-reason')).toMatch(/B's standing pass \(until B's next turn\) ended because an opponent cast a spell \(timeStop\d*\): B holds priority \(732\.2\)/);
  });

  it('a step clicked on the chart is a stop: "end of turn" then stops at that step', async () => {
    await open();
    await page.locator('g.state[data-state-id="mtgTurn.turn.phases.combat.beginningOfCombat"]').first().click();
    expect(await text('stops')).toContain('beginningOfCombat');
    await page.getByTestId('until-end-B').click();
    await page.getByTestId('until-end-A').click();
    expect(await where()).toBe('combat / beginningOfCombat');
    expect(await text('priority-holder')).toBe('A');
    expect(await text('stop-reason')).toMatch(/reached a stop/);
  });
});
