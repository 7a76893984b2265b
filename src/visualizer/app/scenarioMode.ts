import { turnMachine } from '../../index.js';
import { parseScenario, startScenario, type EntryOutcome, type ScenarioRun } from '../../scenario/index.js';
import { takenTransitionsOf, type TakenTransition } from '../chart/active.js';
import type { ChartPane } from './chartPane.js';
import { h, replace } from './dom.js';
import { historyLog, renderPanels } from './panels.js';
import type { ModeElements } from './playMode.js';

function entryText(entry: unknown): string {
  const text = JSON.stringify(entry);
  return text.length > 140 ? `${text.slice(0, 137)}…` : text;
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

  const picker = h('select', { 'data-testid': 'scenario-select' }, h('option', { value: '' }, 'bundled examples…'));
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'scenario-file' });
  picker.addEventListener('change', async () => {
    if (picker.value) load(await (await fetch(`api/scenarios/${encodeURIComponent(picker.value)}`)).text());
  });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (file) load(await file.text());
  });
  void fetch('api/scenarios')
    .then((response) => response.json() as Promise<{ file: string; name: string }[]>)
    .then((list) => picker.append(...list.map(({ file, name }) => h('option', { value: file }, `${file} — ${name}`))));

  function load(source: string): void {
    text = source;
    run?.game.stop();
    run = undefined;
    outcomes = [];
    taken = [];
    const parsed = parseScenario(source);
    if (!parsed.ok) {
      render(parsed.errors);
      return;
    }
    run = startScenario(parsed.scenario);
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

  function render(errors: string[] = []): void {
    const passed = outcomes.filter((o) => !o.failure).length;
    const failed = outcomes.length - passed;
    const status = !run ? '' : run.done ? (failed ? 'FAIL' : 'ok') : 'running';
    const entries = run
      ? run.scenario.script.map((entry, index) => {
          const outcome = outcomes[index];
          const state = outcome ? (outcome.failure ? 'fail' : 'pass') : index === run?.next ? 'next' : 'pending';
          return h('li', { class: `entry ${state}`, 'data-testid': `entry-${index}`, 'data-status': state }, h('code', {}, entryText(entry)), outcome ? outcomeDetails(outcome) : null);
        })
      : [];
    replace(
      elements.controls,
      h('h3', {}, 'Scenario'),
      h('div', { class: 'inline' }, picker, fileInput),
      ...errors.map((error) => h('div', { class: 'message refused' }, error)),
      run ? h('p', {}, h('strong', {}, run.scenario.name), ' ', h('span', { class: 'muted' }, (run.scenario.rules ?? []).join(', '))) : null,
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
    if (run) {
      chart.highlight(run.game.snapshot().value, taken);
      renderPanels(elements.panels, run.game.view());
      replace(elements.history, historyLog(run.game.history));
    }
  }

  void chart.show(turnMachine.config).then(() => render());
  return () => run?.game.stop();
}
