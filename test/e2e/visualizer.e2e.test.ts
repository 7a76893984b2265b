import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createWebSocketInspector } from '@statelyai/inspect';
import type { Page } from 'playwright-core';
import { createActor } from 'xstate';
import NodeWebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { startVisualizer } from '../../src/server/server.js';
import { REPO_ROOT, startApp, startBrowser, type StartedApp, type StartedBrowser } from './app.js';

const RESULTS = join(REPO_ROOT, 'test-results');
const PHASES = 'mtgTurn.turn.phases.';
let app: StartedApp;
let browser: StartedBrowser;
let page: Page;
/** Browsers a test started with switches of its own; closed after the last test. */
const extraBrowsers: StartedBrowser[] = [];

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  app = await startApp();
  browser = await startBrowser();
});

afterAll(async () => {
  for (const extra of extraBrowsers) await extra.close();
  await browser?.close();
  await app?.stop();
});

afterEach(async (context) => {
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await page?.screenshot({ path: join(RESULTS, `visualizer-${name}.png`) });
  await page?.close();
});

/** Opens a mode of the page and waits for its chart (lit, in play mode). */
async function open(hash: 'play' | 'scenario' | 'inspect' = 'play'): Promise<Page> {
  page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The server's Content-Security-Policy must let the page do all it does: Chromium reports a violation on the console.
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  await page.goto(`${app.url}#${hash}`);
  // The live view draws a chart once a program is connected.
  await page.waitForSelector({ play: 'svg.chart g.state.active', scenario: 'svg.chart g.state', inspect: '[data-testid="live-status"]' }[hash]);
  expect(errors).toEqual([]);
  return page;
}

const text = (testId: string) => page.getByTestId(testId).innerText();
/** What the game waits for, as the view says it (`priority`, `declareAttackers`…; the page shows it in words). */
const waitingFor = () => page.getByTestId('waiting-for').getAttribute('data-waiting');
/** The step (or, in a main phase, the phase) as the view names it. */
async function currentStep(): Promise<string> {
  const step = await page.getByTestId('step').getAttribute('data-step');
  return step || ((await page.getByTestId('phase').getAttribute('data-phase')) ?? '');
}
/** Clicks a state of the chart (dispatched: it may be panned out of the chart's box). */
const clickState = (id: string) => page.locator(`g.state[data-state-id="${id}"]`).dispatchEvent('click');

/** The lit state of the phases region: the step (or main phase) the chart shows as current. */
async function litStep(): Promise<string> {
  const ids = await page.$$eval('g.state.active:not(.container)', (groups) => groups.map((g) => (g as SVGGElement).dataset.stateId ?? ''));
  const step = ids.find((id) => id.startsWith(PHASES));
  if (!step) throw new Error(`no lit step among ${ids.join(', ')}`);
  return step.slice(PHASES.length);
}

/** Passes (declaring no attackers when asked) until that turn has begun. */
async function passUntilTurn(turn: number): Promise<void> {
  while (Number(await text('turn-number')) < turn) {
    const waiting = await waitingFor();
    if (waiting === 'declareAttackers') await page.getByTestId(`attack-${await text('active-player')}`).click();
    else await page.getByTestId(`pass-${await text('priority-holder')}`).click();
  }
}

describe('visualizer in Chromium', () => {
  it('draws the statechart from the machine definition, the current step lit', async () => {
    await open();
    expect(await page.locator('g.state').count()).toBeGreaterThan(30);
    expect(await page.locator('g.edge').count()).toBeGreaterThan(30);
    expect(await litStep()).toBe('beginning.upkeep');
    expect(await text('turn-number')).toBe('1');
    expect(await text('priority-holder')).toBe('A');
    await clickState(`${PHASES}ending.cleanup`);
    expect(await text('details-rule')).toBe('Rule 514');
    expect(await text('details-description')).toContain('cleanup step');
  });

  it('follows priority passes through a whole turn, the lit step following', async () => {
    await open();
    const steps: string[] = [];
    while ((await text('turn-number')) === '1') {
      const current = await currentStep();
      expect(await litStep()).toContain(current);
      if (steps.at(-1) !== current) steps.push(current);
      const waiting = await waitingFor();
      if (waiting === 'declareAttackers') await page.getByTestId('attack-A').click();
      else await page.getByTestId(`pass-${await text('priority-holder')}`).click();
    }
    expect(steps).toEqual(['upkeep', 'precombatMain', 'beginningOfCombat', 'declareAttackers', 'endOfCombat', 'postcombatMain', 'end']);
    expect(await text('active-player')).toBe('B');
    expect(await litStep()).toBe('beginning.upkeep');
    // In words, as the rules name them (500.1), not as ids.
    await passUntilTurn(2);
    await page.getByTestId('pass-B').click();
    await page.getByTestId('pass-A').click();
    expect(await text('step')).toBe('Draw step');
    expect(await text('phase')).toBe('(beginning phase)');
  });

  it('casts Time Stop in the upkeep: the turn goes through cleanup, the stack is exiled', async () => {
    await open();
    await page.getByTestId('card-timeStop').click();
    expect(await text('panel-stack')).toContain('timeStop');
    await page.getByTestId('pass-A').click();
    await page.getByTestId('pass-B').click();
    const cleanup = page.locator(`g.state[data-state-id="${PHASES}ending.cleanup"]`);
    expect(await cleanup.getAttribute('class')).toContain('visited');
    expect(await page.locator(`g.edge.taken[data-edge-id$="--> ${PHASES}ending.cleanup"]`).count()).toBe(1);
    expect(await text('panel-stack')).toContain('empty');
    expect(await text('zone-exile')).toContain('timeStop');
    expect(await text('history')).toContain('timeStop ends the turn');
    expect(await text('history')).toContain('cleanup step begins');
    expect(await text('turn-number')).toBe('2');
    await clickState(`${PHASES}ending.cleanup`);
    expect(await text('details-rule')).toBe('Rule 514');

    // 723.1d: within that one send, the machine was in cleanup; its microstep shows it there.
    await page.getByTestId('microstep').filter({ hasText: '→ phases.ending.cleanup' }).locator('button').click();
    expect(await cleanup.getAttribute('class')).toMatch(/\bactive\b/);
    expect(await cleanup.getAttribute('class')).not.toContain('visited');
    expect(await litStep()).toBe('ending.cleanup');
    expect(await page.locator(`g.edge.taken[data-edge-id$="--> ${PHASES}ending.cleanup"]`).count()).toBe(1);
    expect(await text('step')).toBe('Cleanup step');
    expect(await text('phase')).toBe('(ending phase)');
    expect(await text('turn-number')).toBe('1');
    expect(await text('panel-stack')).toContain('empty');
    expect(await text('zone-exile')).toContain('timeStop');
    expect(await text('history')).toContain('cleanup step begins');
    expect(await text('history')).not.toContain('turn 2 begins');
  });

  it('shows the machine’s reason for a refused action, and undoes', async () => {
    await open();
    expect(await page.getByTestId('pass-B').isDisabled()).toBe(true);
    expect(await page.getByTestId('pass-B').getAttribute('title')).toContain('A holds priority');
    expect(await page.getByTestId('card-timeWalk').isDisabled()).toBe(true);
    await page.getByTestId('event-input').fill('{"type": "priority.pass", "player": "B"}');
    await page.getByTestId('send-event').click();
    expect(await text('refusal')).toMatch(/Refused \(rule 117\.1\): B cannot pass: A holds priority/);
    // Read out: the refusal is written into an aria-live region.
    expect(await page.getByTestId('refusal').evaluate((element) => element.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('assertive');
    await page.getByTestId('pass-A').click();
    expect(await text('priority-holder')).toBe('B');
    await page.getByTestId('undo').click();
    expect(await text('priority-holder')).toBe('A');
  });

  it('plays a Two-Headed Giant game from the picker: B casts and passes for A+B, then team C+D holds priority', async () => {
    await open();
    await page.getByTestId('game-choice').selectOption('2hg');
    await page.getByTestId('new-game').click();
    expect(await text('active-team')).toBe('A+B');
    expect(await text('priority-holder')).toBe('A+B');
    expect(await text('panel-teams')).toMatch(/A\+B: A \(primary\), B\s*its turn\s*holds priority/);
    expect(await page.getByTestId('team-C+D').getAttribute('data-roles')).toBe('');
    await page.getByTestId('acting-player').selectOption('B');
    expect(await page.getByTestId('controls').textContent()).toContain('cast or activated by B, for team A+B');
    await page.getByTestId('card-darkRitual').click();
    expect(await text('panel-stack')).toContain('darkRitual (B)');
    expect(await text('priority-holder')).toBe('A+B');
    expect(await page.getByTestId('pass-C').isDisabled()).toBe(true);
    expect(await page.getByTestId('pass-C').getAttribute('title')).toContain('team A+B holds priority');
    await page.getByTestId('pass-B').click();
    expect(await text('priority-holder')).toBe('C+D');
    expect(await page.getByTestId('team-C+D').getAttribute('data-roles')).toBe('priority');
    expect(await page.getByTestId('team-A+B').getAttribute('data-roles')).toBe('active');
    expect(await text('may-act')).toBe('C or D (for team C+D)');
    expect(await text('history')).toContain('A+B passes (B)');
    // The team passes by its id: all teams passed in succession, the ritual resolves for B.
    await page.getByTestId('pass-C+D').click();
    expect(await text('panel-stack')).toContain('empty');
    expect(await text('panel-mana')).toMatch(/B\s*3/);
    expect(await text('priority-holder')).toBe('A+B');
  });

  it('asks for the order of triggers in a triggerOrder "choose" game; the order picked goes on the stack', async () => {
    await open();
    await page.getByTestId('game-choice').selectOption('2p-choose');
    await page.getByTestId('new-game').click();
    for (const id of ['t1', 't2']) {
      await page.getByTestId('trigger-input').fill(id);
      await page.getByTestId('report-trigger').click();
    }
    await page.getByTestId('pass-A').click();
    expect(await waitingFor()).toBe('orderTriggers');
    expect(await text('order-asked')).toMatch(/A orders:\s*t1\s*t2/);
    const pick = (id: string) => page.locator(`[data-testid="order-pick"][data-trigger="${id}"]`).click();
    await pick('t1');
    await page.getByTestId('order-undo').click();
    await pick('t2');
    // Incomplete: the machine refuses it, saying why, and the pick stays.
    await page.getByTestId('order-confirm').click();
    expect(await text('refusal')).toMatch(/Refused \(rule 603\.3b\): the order must name each of A's abilities once: t1, t2; got t2/);
    expect(await text('order-picked')).toBe('t2 — lowest');
    // The keyboard goes on from the last pick: Enter picks t1, then confirms.
    await page.getByTestId('order-pick').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('order-confirm');
    expect(await text('order-picked')).toMatch(/t2 — lowest\s*t1 — top, resolves first/);
    await page.keyboard.press('Enter');
    expect(await text('waiting-for')).toBe('priority: B'); // who was about to receive priority as they triggered
    expect(await text('panel-stack')).toMatch(/t1 \(A\)\s*t2 \(A\)/); // top first
    expect(await page.getByTestId('order-picker').count()).toBe(0);
  });

  it('shows an “until your next turn” effect and a delayed trigger in the effects panel, in words, as the game moves', async () => {
    await open();
    for (const card of ['teferisProtection', 'pactOfNegation']) {
      await page.getByTestId(`card-${card}`).click();
      await page.getByTestId('pass-A').click();
      await page.getByTestId('pass-B').click();
    }
    expect(await text('continuous-effects')).toBe("teferisProtection — until A's next turn");
    expect(await text('delayed-triggers')).toBe("pactOfNegationPayment (A) — at the beginning of the upkeep on A's next turn");
    await passUntilTurn(2);
    expect(await text('continuous-effects')).toContain("until A's next turn");
    expect(await text('delayed-triggers')).toContain('pactOfNegationPayment');
    await passUntilTurn(3);
    expect(await text('continuous-effects')).toBe('none');
    expect(await text('delayed-triggers')).toBe('none');
    expect(await text('panel-stack')).toContain('pactOfNegationPayment');
  });

  it('steps a bundled team scenario, each entry in words', async () => {
    await open('scenario');
    await page.waitForFunction(() => document.querySelector('[data-testid="scenario-select"] option[value="teams-who-may-act.json"]'));
    await page.getByTestId('scenario-select').selectOption('teams-who-may-act.json');
    expect(await text('scenario-game')).toBe('A+B vs C+D; variant: "twoHeadedGiant"');
    expect(await text('entry-2')).toBe('refused: D passes');
    for (let i = 0; i < 5; i++) await page.getByTestId('scenario-step').click();
    expect(await text('panel-teams')).toMatch(/A\+B: A \(primary\), B\s*its turn\s*holds priority/);
    expect(await text('panel-stack')).toContain('bearSpell (B)');
    await page.getByTestId('scenario-run').click();
    expect(await text('scenario-status')).toMatch(/^ok — (\d+) passed, 0 failed of \1$/);
  });

  it('refuses a scenario file that is not UTF-8, saying so', async () => {
    await open('scenario');
    await page.getByTestId('scenario-file').setInputFiles({ name: 'latin1.json', mimeType: 'application/json', buffer: Buffer.from([0x7b, 0xe9, 0x7d]) });
    expect(await text('scenario-refused')).toBe('latin1.json: the file is not UTF-8 text');
  });

  it('runs a loaded scenario entry by entry, green', async () => {
    await open('scenario');
    await page.getByTestId('scenario-file').setInputFiles(join(REPO_ROOT, 'test/e2e/fixtures/time-stop-upkeep.json'));
    await page.getByTestId('scenario-step').click();
    expect(await page.getByTestId('entry-0').getAttribute('data-status')).toBe('pass');
    await page.getByTestId('scenario-run').click();
    expect(await text('scenario-status')).toMatch(/^ok — 5 passed, 0 failed of 5/);
    expect(await text('zone-exile')).toContain('timeStop');
  });

  it('runs a bundled example scenario green', async () => {
    await open('scenario');
    const select = page.getByTestId('scenario-select');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="scenario-select"] option').length > 1);
    await select.selectOption({ index: 1 });
    await page.getByTestId('scenario-run').click();
    expect(await text('scenario-status')).toMatch(/^ok — (\d+) passed, 0 failed of \1$/);
  });

  it('shows a failing expectation in red with what differs', async () => {
    await open('scenario');
    await page.getByTestId('scenario-file').setInputFiles(join(REPO_ROOT, 'test/e2e/fixtures/wrong-expectation.json'));
    await page.getByTestId('scenario-run').click();
    expect(await text('scenario-status')).toMatch(/^FAIL — 1 passed, 1 failed/);
    expect(await page.getByTestId('entry-1').getAttribute('data-status')).toBe('fail');
    expect(await text('entry-1')).toContain('step: expected "draw", got "upkeep"');
  });

  it('shows a program inspected with @statelyai/inspect live, through the relay', async () => {
    const inspector = createWebSocketInspector({ url: app.url.replace(/^http/, 'ws') });
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] }, inspect: inspector.inspect }).start();
    try {
      actor.send({ type: 'priority.pass', player: 'A' });
      await open('inspect');
      await page.waitForSelector('svg.chart g.state.active');
      expect(await text('live-status')).toMatch(/Actors: [1-9]/);
      expect(await litStep()).toBe('beginning.upkeep');
      expect(await text('priority-holder')).toBe('B');
      actor.send({ type: 'priority.pass', player: 'B' });
      await page.waitForFunction((id) => document.querySelector(`g.state.active[data-state-id="${id}"]`), `${PHASES}precombatMain`);
      expect(await text('live-steps')).toMatch(/xstate\.init\s+priority\.pass\s+priority\.pass/);
    } finally {
      actor.stop();
      inspector.stop();
    }
  });

  it('refuses a page of another origin: it can neither watch the relay nor feed it', async () => {
    const inspector = createWebSocketInspector({ url: app.url.replace(/^http/, 'ws') });
    const actor = createActor(turnMachine, { input: { players: ['A', 'B'] }, inspect: inspector.inspect }).start();
    // Any other site the user has open: here a second server on another port.
    const elsewhere = createServer((_request, response) => response.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((listening) => elsewhere.listen(0, '127.0.0.1', listening));
    try {
      page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      const attempts = await page.evaluate(async (relay) => {
        const attempt = (url: string) =>
          new Promise<{ opened: boolean; received: number; code: number }>((resolve) => {
            const socket = new WebSocket(url);
            let opened = false;
            let received = 0;
            socket.onopen = () => {
              opened = true;
              socket.send(JSON.stringify({ type: '@xstate.actor', sessionId: 'x:0', name: 'forged', definition: '{"id":"forged"}' }));
              setTimeout(() => socket.close(), 1000);
            };
            socket.onmessage = () => received++;
            socket.onclose = (event) => resolve({ opened, received, code: event.code });
          });
        return [await attempt(`${relay}__inspect/viewer`), await attempt(relay)];
      }, app.url.replace(/^http/, 'ws'));
      expect(attempts).toEqual([
        { opened: false, received: 0, code: 1006 },
        { opened: false, received: 0, code: 1006 },
      ]);
      await page.close();
      await open('inspect');
      await page.getByTestId('live-actor').waitFor();
      const actors = await page.getByTestId('live-actor').locator('option').allInnerTexts();
      expect(actors.length).toBeGreaterThan(0);
      expect(actors.join('\n')).not.toContain('forged');
    } finally {
      actor.stop();
      inspector.stop();
      elsewhere.close();
    }
  });

  it('refuses a page reached through another host name (DNS rebinding) with 421', async () => {
    // Chromium resolves rebound.test to this machine, as a rebinding attacker's DNS would.
    const rebound = await startBrowser(['--host-resolver-rules=MAP rebound.test 127.0.0.1']);
    extraBrowsers.push(rebound);
    page = await rebound.context.newPage();
    const response = await page.goto(app.url.replace('127.0.0.1', 'rebound.test'));
    expect(response?.status()).toBe(421);
    expect(await page.innerText('body')).toMatch(/Host "rebound\.test:\d+" refused/);
    expect(await page.locator('svg.chart').count()).toBe(0);
  });
});

/** Opens the page at a window size of its own. */
async function openAt(width: number, height: number, hash: 'play' | 'scenario' | 'inspect' = 'play'): Promise<Page> {
  page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.url}#${hash}`);
  await page.waitForSelector(hash === 'scenario' ? 'svg.chart g.state' : 'svg.chart g.state.active');
  expect(errors).toEqual([]);
  return page;
}

/** What each tab shows once it is drawn: its own controls. */
const TAB_CONTROLS = { play: 'pass-A', scenario: 'scenario-select', inspect: 'live-status' } as const;
type Tab = keyof typeof TAB_CONTROLS;
const permutations = <T>(items: T[]): T[][] => (items.length <= 1 ? [items] : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest])));

describe('the tabs, in every order', () => {
  for (const order of permutations<Tab>(['play', 'scenario', 'inspect'])) {
    it(`${order.join(' → ')} → ${order[0]}: each tab shows its own controls, never another's`, async () => {
      await open(order[0]);
      for (const tab of [...order.slice(1), order[0]]) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.getByTestId(TAB_CONTROLS[tab]).waitFor();
        // Before: the Live tab's socket closed after the next tab drew, and drew the Live panel over it.
        await page.waitForTimeout(400);
        for (const [other, testId] of Object.entries(TAB_CONTROLS)) {
          expect(await page.getByTestId(testId).count(), `${tab}: ${other}'s controls`).toBe(other === tab ? 1 : 0);
        }
        expect(await page.getByTestId('tab-' + tab).getAttribute('aria-current')).toBe('page');
      }
    });
  }
});

/** Whether an element lies wholly inside the window. */
async function inWindow(testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).last().boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

describe('one screen, readable, at 1280×800 and 1920×1080', () => {
  for (const [width, height, file] of [[1280, 800, 'visualizer-1280.png'], [1920, 1080, 'visualizer.png']] as const) {
    it(`${width}×${height}: turn, step, priority, stack and the last records in view without scrolling; the chart readable`, async () => {
      await openAt(width, height);
      await page.getByTestId('card-timeStop').click();
      await page.getByTestId('pass-A').click();
      await page.getByTestId('pass-B').click();
      await page.getByTestId('microstep').filter({ hasText: '→ phases.ending.cleanup' }).locator('button').click();
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      for (const testId of ['panel-turn', 'turn-number', 'step', 'priority-holder', 'panel-stack', 'pass-A']) expect(await inWindow(testId), testId).toBe(true);
      const lastRecord = page.getByTestId('history').locator('li').last();
      expect(await lastRecord.innerText()).toContain('cleanup step begins');
      const box = (await lastRecord.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // The chart opens at a readable scale (labels ≥ 8.8 px), the step the machine is in within its box.
      expect(Number(await page.locator('svg.chart').getAttribute('data-scale'))).toBeGreaterThanOrEqual(0.8);
      const chart = (await page.getByTestId('chart').boundingBox())!;
      const cleanup = (await page.locator(`g.state[data-state-id="${PHASES}ending.cleanup"] rect`).boundingBox())!;
      expect(cleanup.x >= chart.x && cleanup.y >= chart.y && cleanup.x + cleanup.width <= chart.x + chart.width && cleanup.y + cleanup.height <= chart.y + chart.height).toBe(true);
      await clickState(`${PHASES}ending.cleanup`);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(RESULTS, file) });
      if (process.env.UPDATE_DOCS_SCREENSHOT) copyFileSync(join(RESULTS, file), join(REPO_ROOT, 'docs', file));
    });
  }
});

describe('the chart: zoom, pan, every state and transition explained, by mouse and keyboard', () => {
  const scale = async () => Number(await page.locator('svg.chart').getAttribute('data-scale'));
  const viewBox = async () => (await page.locator('svg.chart').getAttribute('viewBox'))!.split(' ').map(Number);

  it('zooms with the buttons, the wheel and the keys; pans by drag and Shift+arrows; Fit shows the whole chart', async () => {
    await openAt(1280, 800);
    const start = await scale();
    await page.getByTestId('chart-zoom-in').click();
    expect(await scale()).toBeCloseTo(start * 1.25, 2);
    expect(await text('chart-zoom-level')).toBe(`${Math.round(start * 125)} %`);
    await page.getByTestId('chart-zoom-out').click();
    expect(await scale()).toBeCloseTo(start, 2);
    const chart = (await page.getByTestId('chart').boundingBox())!;
    await page.mouse.move(chart.x + chart.width / 2, chart.y + chart.height / 2);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((before) => Number(document.querySelector('svg.chart')?.getAttribute('data-scale')) > before, start);
    await page.getByTestId('chart-fit').click();
    const fitted = await scale();
    expect(fitted).toBeLessThan(start);
    const [, , w, h] = await viewBox();
    const size = await page.locator('svg.chart g.states > g.state').first().evaluate((g) => {
      const bbox = (g as SVGGElement).getBBox();
      return { width: bbox.width, height: bbox.height };
    });
    expect(w).toBeGreaterThanOrEqual(size.width);
    expect(h).toBeGreaterThanOrEqual(size.height);
    await page.getByTestId('chart-actual').click();
    expect(await scale()).toBe(1);
    // Drag to pan.
    const [x0, y0] = await viewBox();
    await page.mouse.move(chart.x + 200, chart.y + 200);
    await page.mouse.down();
    await page.mouse.move(chart.x + 100, chart.y + 150, { steps: 5 });
    await page.mouse.up();
    const [x1, y1] = await viewBox();
    expect(x1).toBeCloseTo(x0 + 100, 0);
    expect(y1).toBeCloseTo(y0 + 50, 0);
    // Keys, focus in the chart.
    await page.locator('svg.chart [tabindex="0"]').focus();
    await page.keyboard.press('Shift+ArrowRight');
    expect((await viewBox())[0]).toBeCloseTo(x1 + 80, 0);
    await page.keyboard.press('+');
    expect(await scale()).toBeCloseTo(1.25, 2);
    await page.keyboard.press('0');
    expect(await scale()).toBeCloseTo(fitted, 3);
  });

  it('every state and every transition, clicked, shows a sentence and its rule', async () => {
    await openAt(1920, 1080);
    const states = await page.$$eval('g.state', (groups) => groups.map((g) => (g as SVGGElement).dataset.stateId!));
    const edges = await page.$$eval('g.edge', (groups) => groups.map((g) => (g as SVGGElement).dataset.edgeId!));
    expect(states.length).toBeGreaterThan(30);
    expect(edges.length).toBeGreaterThanOrEqual(45);
    for (const id of states) {
      await clickState(id);
      expect(await text('details-rule'), id).toMatch(/^Rule \d{3}/);
      expect((await text('details-description')).length, id).toBeGreaterThan(10);
    }
    for (const id of edges) {
      await page.locator(`g.edge[data-edge-id="${id}"]`).dispatchEvent('click');
      expect(await text('details-rule'), id).toMatch(/^Rule \d{3}/);
      expect(await text('details-description'), id).toMatch(/^\d{3}(\.\d+[a-z]?)?/);
    }
  });

  it('the chart by keyboard: one tab stop, arrows move, A goes to the current step, Enter explains', async () => {
    await openAt(1280, 800);
    await page.locator('svg.chart [tabindex="0"]').focus();
    await page.keyboard.press('a');
    const focused = () => page.evaluate(() => (document.activeElement as SVGGElement | null)?.dataset?.stateId ?? (document.activeElement as SVGGElement | null)?.dataset?.edgeId);
    expect(await focused()).toBe(`${PHASES}beginning.upkeep`);
    await page.keyboard.press('Enter');
    expect(await text('details-state')).toBe('upkeep');
    expect(await text('details-rule')).toBe('Rule 503');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).not.toBe(`${PHASES}beginning.upkeep`);
    expect(await page.locator('svg.chart [tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Enter');
    expect(await text('details-rule')).toMatch(/^Rule \d{3}/);
  });
});

describe('keyboard only', () => {
  it('plays a whole turn with Tab and Enter, then travels back in time', async () => {
    await openAt(1280, 800);
    const focusedTestId = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? document.activeElement?.tagName);
    for (let i = 0; i < 60 && (await focusedTestId()) !== 'pass-A'; i++) await page.keyboard.press('Tab');
    expect(await focusedTestId()).toBe('pass-A');
    // Enter on the focused action; focus stays on the next legal pass or declaration.
    for (let i = 0; i < 40 && (await text('turn-number')) === '1'; i++) {
      const focused = await focusedTestId();
      expect(focused, `after ${i} presses, in ${await currentStep()}`).toMatch(/^(pass|attack)-[AB]$/);
      await page.keyboard.press('Enter');
    }
    expect(await text('turn-number')).toBe('2');
    expect(await text('active-player')).toBe('B');
    // Time travel: back to the moment after A's first pass, by keyboard.
    for (let i = 0; i < 80 && (await focusedTestId()) !== 'moment-1'; i++) await page.keyboard.press('Shift+Tab');
    expect(await focusedTestId()).toBe('moment-1');
    await page.keyboard.press('Enter');
    expect(await text('turn-number')).toBe('1');
    expect(await currentStep()).toBe('upkeep');
    expect(await text('priority-holder')).toBe('B');
  });
});

/** A program on the relay, speaking the inspector's messages over a raw WebSocket. */
async function rawProgram(): Promise<NodeWebSocket> {
  const socket = new NodeWebSocket(app.url.replace(/^http/, 'ws'));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

describe('the live view under load', () => {
  it('catches up with a burst of 6,000 messages (drawn once per frame, not once per message)', async () => {
    await open('inspect');
    const program = await rawProgram();
    try {
      const definition = JSON.stringify({ id: 'toggle', initial: 'off', states: { off: { on: { T: 'on' } }, on: { on: { T: 'off' } } } });
      program.send(JSON.stringify({ type: '@xstate.actor', sessionId: 'x:0', name: 'toggle', definition, snapshot: { value: 'off' } }));
      const started = Date.now();
      for (let n = 0; n < 6000; n++) {
        program.send(JSON.stringify({ type: '@xstate.snapshot', sessionId: 'x:0', event: { type: 'T' }, snapshot: { value: n % 2 ? 'off' : 'on', context: {} } }));
      }
      await page.waitForFunction(() => document.querySelector('[data-testid="live-step-count"]')?.textContent === 'of 6001 steps', undefined, { timeout: 30_000 });
      const caughtUp = Date.now() - started;
      console.log(`live view: 6,000 messages caught up in ${caughtUp} ms`);
      expect(await page.locator('[data-testid="live-steps"] li').count()).toBeLessThanOrEqual(200);
      await page.waitForSelector('g.state.active[data-state-id="toggle.off"]');
    } finally {
      program.close();
    }
  });

  it('refuses a definition it cannot draw (2,000 states, 90 KiB), saying why; the tab lives on', async () => {
    await open('inspect');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const program = await rawProgram();
    try {
      const states = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`s${i}`, { on: { NEXT: `s${(i + 1) % 2000}`, BACK: `s${(i + 1999) % 2000}` } }]));
      const definition = JSON.stringify({ id: 'huge', initial: 's0', states });
      expect(definition.length).toBeGreaterThan(90_000);
      program.send(JSON.stringify({ type: '@xstate.actor', sessionId: 'x:0', name: 'huge', definition, snapshot: { value: 's0' } }));
      await page.getByTestId('chart-refused').waitFor();
      expect(await text('chart-refused')).toMatch(/not drawn: it has more than 300 states; the page draws at most 300/);
      program.send(JSON.stringify({ type: '@xstate.snapshot', sessionId: 'x:0', event: { type: 'NEXT' }, snapshot: { value: 's1' } }));
      await page.waitForFunction(() => document.querySelector('[data-testid="live-step-count"]')?.textContent === 'of 2 steps');
      expect(errors).toEqual([]);
    } finally {
      program.close();
    }
  });
});

describe('--allow-origin', () => {
  it("a UI developer's app on its dev server feeds the relay of a server started with --allow-origin for it", async () => {
    // The app's dev server (as Vite's on http://localhost:5173), on a port of its own.
    const devServer = createServer((_request, response) => response.end('<!doctype html><title>my app</title>'));
    await new Promise<void>((listening) => devServer.listen(0, '127.0.0.1', listening));
    const devOrigin = `http://127.0.0.1:${(devServer.address() as AddressInfo).port}`;
    const logged: string[] = [];
    const relayed = await startVisualizer({ port: 0, allowOrigins: [devOrigin], log: (line) => logged.push(line) });
    const appPage = await browser.context.newPage();
    try {
      await appPage.goto(`${devOrigin}/`);
      const opened = await appPage.evaluate(async (relay) => {
        const socket = new WebSocket(relay);
        return new Promise<boolean>((resolve) => {
          socket.onopen = () => {
            const definition = JSON.stringify({ id: 'myApp', initial: 'idle', states: { idle: { on: { GO: 'busy' } }, busy: {} } });
            socket.send(JSON.stringify({ type: '@xstate.actor', sessionId: 'x:0', name: 'myApp', definition, snapshot: { value: 'idle' } }));
            resolve(true);
          };
          socket.onclose = () => resolve(false);
        });
      }, relayed.inspectUrl);
      expect(opened).toBe(true);
      expect(logged).toContain(`the inspector relay accepts programs from pages of ${devOrigin} (--allow-origin)`);
      page = await browser.context.newPage();
      await page.goto(`${relayed.url}#inspect`);
      await page.waitForSelector('g.state.active[data-state-id="myApp.idle"]');
      expect(await page.getByTestId('live-actor').innerText()).toContain('myApp');
    } finally {
      await appPage.close();
      await relayed.close();
      devServer.close();
    }
  });
});
