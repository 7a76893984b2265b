import { turnMachine } from '../../index.js';
import { parseScenario, startScenario, type EntryOutcome, type ScenarioRun } from '../../scenario/index.js';
import { takenTransitionsOf, type TakenTransition } from '../chart/active.js';
import type { ChartPane } from './chartPane.js';
import { h, replace } from './dom.js';
import { describeEntry } from './entries.js';
import { historyLog, renderPanels } from './panels.js';
import type { ModeElements } from './playMode.js';

/** The largest scenario file the page reads (as the CLI: 8 MiB). */
export const MAX_SCENARIO_BYTES = 8 * 1024 * 1024;

/** A scenario file's text, or why it is refused: too large, or not UTF-8. */
export async function readScenarioFile(file: Blob & { name?: string }): Promise<{ text: string } | { error: string }> {
  const name = file.name ? `${file.name}: ` : '';
  if (file.size > MAX_SCENARIO_BYTES) return { error: `${name}the file is ${file.size} bytes, over the ${MAX_SCENARIO_BYTES / 1024 / 1024} MiB limit for a scenario` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch (error) {
    return { error: `${name}${error instanceof TypeError ? 'the file is not UTF-8 text' : `cannot be read: ${String(error)}`}` };
  }
}

/** What a response of the server holds, or why it is refused (an HTTP error, the network). */
async function fetchText(url: string, what: string): Promise<{ text: string } | { error: string }> {
  try {
    const response = await fetch(url);
    const text = await response.text();
    return response.ok ? { text } : { error: `${what}: the server answered ${response.status}${text ? ` (${text.slice(0, 200)})` : ''}` };
  } catch (error) {
    return { error: `${what}: ${String(error)}` };
  }
}

/** The server's list of bundled scenarios, or why it is refused. */
export function scenarioList(text: string): { file: string; name: string }[] | { error: string } {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return { error: 'the list of bundled scenarios is not JSON' };
  }
  const isEntry = (item: unknown): item is { file: string; name: string } =>
    typeof item === 'object' && item !== null && typeof (item as { file?: unknown }).file === 'string' && typeof (item as { name?: unknown }).name === 'string';
  if (!Array.isArray(list) || !list.every(isEntry)) return { error: 'the list of bundled scenarios is not a list of {file, name}' };
  return list;
}

/** The game of a scenario in a few words: its teams and options. */
function gameWords(scenario: ScenarioRun['scenario']): string {
  const teams = scenario.teams ? scenario.teams.map((team) => team.join('+')).join(' vs ') : scenario.players.join(', ');
  const options = Object.entries(scenario.options ?? {}).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return [teams, ...options].join('; ');
}

function outcomeDetails(outcome: EntryOutcome): HTMLElement | null {
  if (!outcome.failure) return null;
  const mismatches = outcome.failure.mismatches ?? [];
  return h(
    'div',
    { class: 'failure' },
    outcome.failure.message,
    ...mismatches.map((m) =>
      h('div', { class: 'mismatch' }, `${m.key}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}${m.message ? ` (${m.message})` : ''}`),
    ),
  );
}

/** Scenario mode: load a FORMAT.md scenario and run it entry by entry, each `expect` passing or failing. */
export function startScenarioMode(chart: ChartPane, elements: ModeElements): () => void {
  let text = '';
  let run: ScenarioRun | undefined;
  let outcomes: EntryOutcome[] = [];
  let taken: TakenTransition[] = [];
  /** Why the scenario last given was refused; why the list of bundled ones could not be read. */
  let refused: string[] = [];
  let listError = '';
  /** Set once the page has moved to another mode: nothing is drawn after that (the list's answer may come later). */
  let stopped = false;

  const picker = h('select', { 'data-testid': 'scenario-select' }, h('option', { value: '' }, 'bundled examples…'));
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'scenario-file' });
  picker.addEventListener('change', async () => {
    if (picker.value) loadOrRefuse(await fetchText(`api/scenarios/${encodeURIComponent(picker.value)}`, picker.value));
  });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (file) loadOrRefuse(await readScenarioFile(file));
  });
  void fetchText('api/scenarios', 'the list of bundled scenarios').then((answer) => {
    const list = 'text' in answer ? scenarioList(answer.text) : answer;
    if ('error' in list) {
      listError = list.error;
      render();
    } else picker.append(...list.map(({ file, name }) => h('option', { value: file }, `${file} — ${name}`)));
  });

  function loadOrRefuse(answer: { text: string } | { error: string }): void {
    if ('text' in answer) {
      load(answer.text);
      return;
    }
    run?.game.stop();
    run = undefined;
    refused = [answer.error];
    render();
  }

  function load(source: string): void {
    text = source;
    run?.game.stop();
    run = undefined;
    outcomes = [];
    taken = [];
    refused = [];
    const parsed = parseScenario(source);
    if (!parsed.ok) {
      refused = parsed.errors;
      render();
      return;
    }
    try {
      run = startScenario(parsed.scenario);
    } catch (error) {
      refused = [`the scenario's game cannot start: ${error instanceof Error ? error.message : String(error)}`];
      render();
      return;
    }
    run.game.actor.system.inspect((event) => taken.push(...takenTransitionsOf(event)));
    render();
  }

  function step(): void {
    if (!run || run.done) return;
    taken = [];
    outcomes.push(run.step());
    render();
  }

  function runToEnd(): void {
    while (run && !run.done) {
      taken = [];
      outcomes.push(run.step());
    }
    render();
  }

  function render(): void {
    if (stopped) return;
    const passed = outcomes.filter((o) => !o.failure).length;
    const failed = outcomes.length - passed;
    const status = !run ? '' : run.done ? (failed ? 'FAIL' : 'ok') : 'running';
    const entries = run
      ? run.scenario.script.map((entry, index) => {
          const outcome = outcomes[index];
          const state = outcome ? (outcome.failure ? 'fail' : 'pass') : index === run?.next ? 'next' : 'pending';
          return h(
            'li',
            { class: `entry ${state}`, 'data-testid': `entry-${index}`, 'data-status': state, title: JSON.stringify(entry) },
            h('code', {}, describeEntry(entry)),
            outcome ? outcomeDetails(outcome) : null,
          );
        })
      : [];
    replace(
      elements.controls,
      h('h3', {}, 'Scenario'),
      h('div', { class: 'inline' }, picker, fileInput),
      run ? h('p', {}, h('strong', {}, run.scenario.name), ' ', h('span', { class: 'muted' }, (run.scenario.rules ?? []).join(', '))) : null,
      run ? h('p', { class: 'muted', 'data-testid': 'scenario-game' }, gameWords(run.scenario)) : null,
      run
        ? h(
            'div',
            { class: 'inline' },
            h('button', { onclick: step, disabled: run.done, 'data-testid': 'scenario-step' }, 'Step'),
            h('button', { onclick: runToEnd, disabled: run.done, 'data-testid': 'scenario-run' }, 'Run to end'),
            h('button', { onclick: () => load(text), 'data-testid': 'scenario-restart' }, 'Restart'),
            h('span', { class: `status ${status}`, 'data-testid': 'scenario-status' }, `${status} — ${passed} passed, ${failed} failed of ${run.scenario.script.length}`),
          )
        : null,
      h('ol', { class: 'entries', start: 0 }, ...entries),
    );
    // In the aria-live region: a refused file or list is read out.
    replace(elements.message, ...[listError, ...refused].map((error) => error && h('div', { class: 'message refused', 'data-testid': 'scenario-refused' }, error)));
    if (run) {
      chart.highlight(run.game.snapshot().value, taken);
      renderPanels(elements.panels, run.game.view(), elements.status);
      replace(elements.history, historyLog(run.game.history));
    }
  }

  void chart.show(turnMachine.config).then(() => render());
  return () => {
    stopped = true;
    run?.game.stop();
  };
}
