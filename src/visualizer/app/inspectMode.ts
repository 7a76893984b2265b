import { snapshotFromInspection, turnMachine, view } from '../../index.js';
import { VIEWER_PATH, type InspectMessage } from '../../inspect/protocol.js';
import type { MachineDefinition } from '../chart/graph.js';
import type { ChartPane } from './chartPane.js';
import { h, replace } from './dom.js';
import { createLiveActors, type LiveActor } from './liveActors.js';
import { renderPanels } from './panels.js';
import type { ModeElements } from './playMode.js';

const CONNECT_HINT = `createActor(machine, { inspect: createWebSocketInspector({ url: 'ws://${location.host}' }).inspect })`;

/** Steps and events listed in the page: the newest; older ones are reached by number. */
export const LISTED = 200;

/** Draws at most once per frame, however many messages arrive: a burst of thousands costs a few frames, not one page per message. */
function frameScheduler(draw: () => void) {
  let pending = false;
  const next = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
  return () => {
    if (pending) return;
    pending = true;
    next(() => {
      pending = false;
      draw();
    });
  };
}

/** Inspect mode: actors of other programs, streamed by @statelyai/inspect through the relay, shown live. */
export function startInspectMode(chart: ChartPane, elements: ModeElements): () => void {
  const live = createLiveActors();
  /** The actor shown: the newest announced, until the user picks one. */
  let selected: string | undefined;
  let pickedByUser = false;
  /** The step shown, counted from the actor's first step; undefined follows the newest. */
  let shownStep: number | undefined;
  let connection = 'connecting…';
  /** Set once the page has moved to another mode: the socket's late events draw nothing (they drew the Live panel over the next tab). */
  let stopped = false;
  /** Messages the page could not read, and why the last one was refused. */
  let refused = { count: 0, reason: '' };
  /** What was last announced in the aria-live region (announced again only when it changes). */
  let announced = '';
  const schedule = frameScheduler(() => render());

  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${VIEWER_PATH}`);
  const onOpen = () => {
    connection = 'connected: waiting for programs';
    schedule();
  };
  const onClose = () => {
    connection = 'disconnected from the relay';
    schedule();
  };
  const onMessage = (message: MessageEvent) => {
    try {
      const received = JSON.parse(String(message.data)) as InspectMessage;
      const actor = live.receive(received);
      if (!selected || (received.type === '@xstate.actor' && !pickedByUser)) selected = actor.sessionId;
      connection = 'connected';
    } catch (error) {
      refused = { count: refused.count + 1, reason: error instanceof Error ? error.message : String(error) };
    }
    schedule();
  };
  socket.addEventListener('open', onOpen);
  socket.addEventListener('close', onClose);
  socket.addEventListener('message', onMessage);

  function definitionOf(actor: LiveActor): MachineDefinition | undefined {
    // The turn machine's own config is complete even when the stream's copy was cut at the depth limit.
    return actor.definition?.id === turnMachine.id ? turnMachine.config : actor.definition;
  }

  function showState(actor: LiveActor, index: number): void {
    if (stopped) return;
    const step = actor.steps[index];
    if (!step?.snapshot.value) return;
    const before = actor.steps[index - 1]?.snapshot.value;
    chart.highlight(step.snapshot.value, { eventType: step.eventType, before });
    const snapshot = definitionOf(actor) === turnMachine.config ? snapshotFromInspection(step.snapshot) : null;
    if (snapshot) renderPanels(elements.panels, view(snapshot), elements.status);
    else {
      replace(elements.status);
      replace(elements.panels, h('section', { class: 'panel wide' }, h('h3', {}, 'Snapshot'), h('pre', {}, JSON.stringify(step.snapshot, null, 2).slice(0, 20_000))));
    }
  }

  function announce(text: string): void {
    if (text === announced) return;
    announced = text;
    replace(elements.message, text ? h('div', { class: 'message refused', 'data-testid': 'live-refused' }, text) : null);
  }

  function stepList(actor: LiveActor, index: number): HTMLElement {
    const first = Math.max(0, actor.steps.length - LISTED);
    const absolute = (i: number) => actor.droppedSteps + i;
    const jump = h('input', {
      type: 'number',
      min: actor.droppedSteps,
      max: absolute(actor.steps.length - 1),
      value: absolute(index),
      'aria-label': 'step number to show',
      'data-testid': 'live-step-number',
      onchange: (event: Event) => {
        const wanted = Number((event.target as HTMLInputElement).value) - actor.droppedSteps;
        if (Number.isInteger(wanted) && wanted >= 0 && wanted < actor.steps.length) {
          shownStep = absolute(wanted);
          render();
        }
      },
    });
    return h(
      'div',
      { class: 'timeline' },
      h(
        'div',
        { class: 'inline' },
        h('label', {}, h('input', { type: 'checkbox', 'data-testid': 'live-follow', checked: shownStep === undefined, onchange: () => { shownStep = shownStep === undefined ? absolute(index) : undefined; render(); } }), ' follow the newest'),
        h('label', {}, 'step ', jump),
        h('span', { class: 'muted', 'data-testid': 'live-step-count' }, `of ${absolute(actor.steps.length)} steps`),
      ),
      first + actor.droppedSteps > 0 ? h('p', { class: 'muted' }, `${first + actor.droppedSteps} earlier steps not listed: pick them by number.`) : null,
      h(
        'ol',
        { 'data-testid': 'live-steps', start: absolute(first) },
        ...actor.steps.slice(first).map((step, offset) => {
          const i = first + offset;
          return h(
            'li',
            { class: i === index ? 'current' : '' },
            h('button', { class: 'step', 'aria-current': i === index ? 'step' : undefined, onclick: () => { shownStep = absolute(i); render(); } }, step.eventType),
          );
        }),
      ),
    );
  }

  function render(): void {
    if (stopped) return;
    const actor = selected ? live.actors.get(selected) : undefined;
    const actorSelect = h(
      'select',
      { 'data-testid': 'live-actor', 'aria-label': 'the actor shown', onchange: (event: Event) => { selected = (event.target as HTMLSelectElement).value; pickedByUser = true; shownStep = undefined; render(); } },
      ...[...live.actors.values()].map((a) => h('option', { value: a.sessionId, selected: a.sessionId === selected }, `${a.name} (${a.sessionId})`)),
    );
    const newest = actor ? actor.steps.length - 1 : -1;
    const index = actor && shownStep !== undefined ? Math.min(Math.max(shownStep - actor.droppedSteps, 0), newest) : newest;
    announce(
      [
        refused.count ? `Refused ${refused.count} unreadable message(s); the last: ${refused.reason}` : '',
        actor?.definitionRefused ? `The definition of ${actor.name} is not drawn: ${actor.definitionRefused}.` : '',
      ].filter(Boolean).join(' '),
    );
    replace(
      elements.controls,
      h('h3', {}, 'Live (inspect)'),
      h('p', { 'data-testid': 'live-status' }, `Relay: ${connection}. Actors: ${live.actors.size}.`),
      h('p', { class: 'muted' }, 'In the inspected program: ', h('code', {}, CONNECT_HINT)),
      actor ? actorSelect : null,
      actor?.truncated && actor.definition?.id !== turnMachine.id
        ? h('div', { class: 'message refused' }, 'The definition arrived cut at the inspector depth limit: pass serializationDepthLimit: 100 to createWebSocketInspector.')
        : null,
      actor ? stepList(actor, index) : null,
    );
    const events = actor?.events ?? [];
    const firstEvent = Math.max(0, events.length - LISTED);
    replace(
      elements.history,
      h('ol', { class: 'history', 'data-testid': 'live-events', start: (actor?.droppedEvents ?? 0) + firstEvent + 1 }, ...events.slice(firstEvent).map((type) => h('li', {}, type))),
    );
    elements.history.scrollTop = elements.history.scrollHeight;
    if (actor?.definitionRefused) {
      chart.refuse(actor.definitionRefused);
      showState(actor, index);
      return;
    }
    const definition = actor && definitionOf(actor);
    if (!actor || !definition) return;
    void chart.show(definition).then(() => showState(actor, index));
  }

  render();
  return () => {
    stopped = true;
    socket.removeEventListener('open', onOpen);
    socket.removeEventListener('close', onClose);
    socket.removeEventListener('message', onMessage);
    socket.close();
  };
}
