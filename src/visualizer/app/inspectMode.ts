import { snapshotFromInspection, turnMachine, view } from '../../index.js';
import { VIEWER_PATH, type InspectMessage } from '../../inspect/protocol.js';
import type { MachineDefinition } from '../chart/graph.js';
import type { ChartPane } from './chartPane.js';
import { h, replace } from './dom.js';
import { createLiveActors, type LiveActor } from './liveActors.js';
import { renderPanels } from './panels.js';
import type { ModeElements } from './playMode.js';

const CONNECT_HINT = `createActor(machine, { inspect: createWebSocketInspector({ url: 'ws://${location.host}' }).inspect })`;

/** Inspect mode: actors of other programs, streamed by @statelyai/inspect through the relay, shown live. */
export function startInspectMode(chart: ChartPane, elements: ModeElements): () => void {
  const live = createLiveActors();
  /** The actor shown: the newest announced, until the user picks one. */
  let selected: string | undefined;
  let pickedByUser = false;
  /** The step shown; undefined follows the newest. */
  let shownStep: number | undefined;
  let connection = 'connecting…';
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${VIEWER_PATH}`);
  socket.addEventListener('open', () => { connection = 'connected: waiting for programs'; render(); });
  socket.addEventListener('close', () => { connection = 'disconnected from the relay'; render(); });
  /** Messages the page could not read, and why the last one was refused. */
  let refused = { count: 0, reason: '' };
  socket.addEventListener('message', (message) => {
    try {
      const received = JSON.parse(String(message.data)) as InspectMessage;
      const actor = live.receive(received);
      if (!selected || (received.type === '@xstate.actor' && !pickedByUser)) selected = actor.sessionId;
      connection = 'connected';
    } catch (error) {
      refused = { count: refused.count + 1, reason: error instanceof Error ? error.message : String(error) };
    }
    render();
  });

  function definitionOf(actor: LiveActor): MachineDefinition | undefined {
    // The turn machine's own config is complete even when the stream's copy was cut at the depth limit.
    return actor.definition?.id === turnMachine.id ? turnMachine.config : actor.definition;
  }

  function showState(actor: LiveActor, index: number): void {
    const step = actor.steps[index];
    if (!step?.snapshot.value) return;
    const before = actor.steps[index - 1]?.snapshot.value;
    chart.highlight(step.snapshot.value, { eventType: step.eventType, before });
    const snapshot = definitionOf(actor) === turnMachine.config ? snapshotFromInspection(step.snapshot) : null;
    if (snapshot) renderPanels(elements.panels, view(snapshot));
    else replace(elements.panels, h('section', { class: 'panel' }, h('h3', {}, 'Snapshot'), h('pre', {}, JSON.stringify(step.snapshot, null, 2))));
  }

  function render(): void {
    const actor = selected ? live.actors.get(selected) : undefined;
    const actorSelect = h(
      'select',
      { 'data-testid': 'live-actor', onchange: (event: Event) => { selected = (event.target as HTMLSelectElement).value; pickedByUser = true; shownStep = undefined; render(); } },
      ...[...live.actors.values()].map((a) => h('option', { value: a.sessionId, selected: a.sessionId === selected }, `${a.name} (${a.sessionId})`)),
    );
    const index = actor ? (shownStep ?? actor.steps.length - 1) : -1;
    replace(
      elements.controls,
      h('h3', {}, 'Live (inspect)'),
      h('p', { 'data-testid': 'live-status' }, `Relay: ${connection}. Actors: ${live.actors.size}.`),
      refused.count ? h('div', { class: 'message refused', 'data-testid': 'live-refused' }, `Refused ${refused.count} unreadable message(s); the last: ${refused.reason}`) : null,
      h('p', { class: 'muted' }, 'In the inspected program: ', h('code', {}, CONNECT_HINT)),
      actor ? actorSelect : null,
      actor?.truncated && actor.definition?.id !== turnMachine.id
        ? h('div', { class: 'message refused' }, 'The definition arrived cut at the inspector depth limit: pass serializationDepthLimit: 100 to createWebSocketInspector.')
        : null,
      actor
        ? h(
            'div',
            { class: 'timeline' },
            h('label', {}, h('input', { type: 'checkbox', checked: shownStep === undefined, onchange: () => { shownStep = shownStep === undefined ? index : undefined; render(); } }), ' follow the newest'),
            h(
              'ol',
              { 'data-testid': 'live-steps', start: 0 },
              ...actor.steps.map((step, i) =>
                h('li', { class: i === index ? 'current' : '', onclick: () => { shownStep = i; render(); } }, step.eventType),
              ),
            ),
          )
        : null,
    );
    replace(elements.history, h('ol', { class: 'history' }, ...(actor?.events ?? []).map((type) => h('li', {}, type))));
    const definition = actor && definitionOf(actor);
    if (!actor || !definition) return;
    void chart.show(definition).then(() => showState(actor, index));
  }

  render();
  return () => socket.close();
}
