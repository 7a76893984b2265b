import { turnMachine } from '../../index.js';
import { h } from './dom.js';
import { GAME_CHOICES } from './games.js';
import type { LocalGame } from './localGame.js';
import { describeMicrostep } from './microsteps.js';

export interface TimelineHandlers {
  undo(): void;
  /** A new game of the picker's choice (games.ts). */
  newGame(choiceKey: string): void;
  /** Back (or forward) to the state after an event. */
  travel(index: number): void;
  /** Shows one microstep of the current moment's event; undefined: the state after it. */
  showMicrostep(index: number | undefined): void;
}

/**
 * Undo, new game, and the moments of the game, newest first; under the current one, the
 * microsteps its event went through, in order, each clickable (the state the machine
 * passed through, e.g. cleanup after Time Stop, never rests in).
 */
export function renderTimeline(game: LocalGame, choiceKey: string, shownMicrostep: number | undefined, handlers: TimelineHandlers): HTMLElement {
  const picker = h(
    'select',
    { 'data-testid': 'game-choice', 'aria-label': 'the game a new game starts' },
    ...GAME_CHOICES.map(({ key, label }) => h('option', { value: key, selected: key === choiceKey }, label)),
  );
  const current = game.moments[game.index];

  const microsteps = current.microsteps.map((step, index) => {
    const { move, records } = describeMicrostep(step, current.eventType ?? '', turnMachine);
    return h(
      'li',
      {
        class: `microstep${index === shownMicrostep ? ' current' : ''}`,
        'data-testid': 'microstep',
        title: 'the machine passed through this state within the event; click to see it',
      },
      h(
        'button',
        {
          class: 'move',
          'data-testid': `microstep-${index}`,
          'aria-pressed': index === shownMicrostep ? 'true' : 'false',
          onclick: (event: Event) => {
            event.stopPropagation();
            handlers.showMicrostep(index === shownMicrostep ? undefined : index);
          },
        },
        move,
      ),
      records ? h('span', { class: 'muted' }, ` — ${records}`) : null,
    );
  });

  const moments = game.moments.map((moment, index) => {
    const isCurrent = index === game.index;
    // A button: time travel by keyboard too (Tab to a moment, Enter).
    return h(
      'li',
      {
        class: `moment${isCurrent && shownMicrostep === undefined ? ' current' : ''}${index > game.index ? ' future' : ''}`,
        'data-testid': 'moment',
      },
      h(
        'button',
        {
          class: 'label',
          'data-testid': `moment-${index}`,
          'aria-current': isCurrent ? 'step' : undefined,
          title: isCurrent ? 'the state after this event' : 'back (or forward) to the state after this event',
          onclick: () => (isCurrent ? handlers.showMicrostep(undefined) : handlers.travel(index)),
        },
        moment.label,
      ),
      isCurrent && microsteps.length ? h('ol', { class: 'microsteps', 'data-testid': 'microsteps' }, ...microsteps) : null,
    );
  });

  return h(
    'div',
    { class: 'timeline' },
    h(
      'div',
      { class: 'inline' },
      h('button', { onclick: handlers.undo, disabled: game.index === 0, 'data-testid': 'undo' }, 'Undo'),
      picker,
      h('button', { onclick: () => handlers.newGame(picker.value), 'data-testid': 'new-game' }, 'New game'),
      current.microsteps.length ? h('span', { class: 'muted', title: `the states “${current.label}” passed through` }, `${current.microsteps.length} microsteps: click one`) : null,
    ),
    h('ol', { 'data-testid': 'timeline', reversed: true }, ...moments.reverse()),
  );
}
