import { createChartPane, type ChartPane } from './chartPane.js';
import { byId } from './dom.js';
import { startInspectMode } from './inspectMode.js';
import { startPlayMode, type ModeElements } from './playMode.js';
import { startScenarioMode } from './scenarioMode.js';

type Mode = 'play' | 'scenario' | 'inspect';
const MODES: Record<Mode, (chart: ChartPane, elements: ModeElements) => () => void> = {
  play: startPlayMode,
  scenario: startScenarioMode,
  inspect: startInspectMode,
};

const zoomLevel = byId('zoom-level');
const chart = createChartPane(byId('chart'), byId('details'), (scale, fitted) => {
  zoomLevel.textContent = `${Math.round(scale * 100)} %`;
  zoomLevel.title = fitted ? 'the whole chart fits' : 'zoomed: drag or Shift+arrows to pan, Fit (0) for the whole chart';
});
byId('zoom-in').addEventListener('click', () => chart.zoomIn());
byId('zoom-out').addEventListener('click', () => chart.zoomOut());
byId('zoom-fit').addEventListener('click', () => chart.fit());
byId('zoom-actual').addEventListener('click', () => chart.actualSize());

const elements: ModeElements = {
  panels: byId('panels'),
  controls: byId('controls'),
  history: byId('history'),
  message: byId('message'),
  status: byId('status'),
};
let stopMode: (() => void) | undefined;

function modeFromHash(): Mode {
  const mode = location.hash.slice(1);
  return mode in MODES ? (mode as Mode) : 'play';
}

/** Stops the mode shown (it draws nothing after that: no late socket or layout callback), clears its elements, starts the next. */
function switchMode(): void {
  stopMode?.();
  for (const element of Object.values(elements)) element.replaceChildren();
  const mode = modeFromHash();
  document.body.dataset.mode = mode;
  document.querySelectorAll<HTMLAnchorElement>('nav a').forEach((tab) => {
    const current = tab.hash === `#${mode}`;
    tab.classList.toggle('current', current);
    if (current) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  });
  stopMode = MODES[mode](chart, elements);
}

window.addEventListener('hashchange', switchMode);
switchMode();
