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

const chart = createChartPane(byId('chart'), byId('details'));
const elements: ModeElements = { panels: byId('panels'), controls: byId('controls'), history: byId('history'), message: byId('message') };
let stopMode: (() => void) | undefined;

function modeFromHash(): Mode {
  const mode = location.hash.slice(1);
  return mode in MODES ? (mode as Mode) : 'play';
}

function switchMode(): void {
  stopMode?.();
  for (const element of Object.values(elements)) element.replaceChildren();
  const mode = modeFromHash();
  document.querySelectorAll<HTMLAnchorElement>('nav a').forEach((tab) => tab.classList.toggle('current', tab.hash === `#${mode}`));
  stopMode = MODES[mode](chart, elements);
}

const fit = byId<HTMLInputElement>('fit');
fit.addEventListener('change', () => byId('chart').classList.toggle('fit', fit.checked));
window.addEventListener('hashchange', switchMode);
switchMode();
