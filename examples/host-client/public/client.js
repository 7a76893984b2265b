// One seat's page: the game id and the seat's token come in the URL's fragment (#game=…&token=…,
// never sent to a server), the page connects to the host's WebSocket, shows the view it pushes,
// offers the seat's legal actions as buttons and sends each with the version it was chosen at.
// Closing the page and opening it again with the same link goes on where the game is.
/* global document, fetch, location, URLSearchParams, WebSocket */

const params = new URLSearchParams(location.hash.slice(1));
const game = params.get('game') ?? '';
const token = params.get('token') ?? '';
const $ = (id) => document.querySelector(`[data-testid="${id}"]`);

let version = 0;
let view = null;
let spells = 0;
let socket = null;

/** The event a legal action becomes for this seat (the machine judges it again). */
function eventOf(action, player) {
  const me = view.teams ? { team: Object.keys(view.teams).find((t) => view.teams[t].includes(player)) } : { player };
  switch (action.type) {
    case 'priority.pass': return { label: 'Pass', event: { type: 'priority.pass', player } };
    case 'combat.declareAttackers': return { label: 'Attack with nothing', event: { type: 'combat.declareAttackers', ...me, attackers: [] } };
    case 'combat.declareBlockers': return { label: 'Block with nothing', event: { type: 'combat.declareBlockers', ...me, blockers: [] } };
    case 'triggers.order': return { label: 'Order triggers', event: { type: 'triggers.order', ...me, order: action.triggers } };
    case 'spell.cast':
      if (action.timing !== 'instant') return null;
      spells += 1;
      return { label: 'Cast an instant', event: { type: 'spell.cast', object: { id: `${player}-spell-${version}-${spells}`, controller: player, type: 'instant', effects: [] } } };
    default: return null;
  }
}

function render(message) {
  version = message.version;
  view = message.view;
  $('turn').textContent = String(view.turn);
  $('active').textContent = view.activePlayer;
  $('step').textContent = `${view.phase ?? '-'} / ${view.step ?? '-'}`;
  $('priority').textContent = view.priority ?? '—';
  $('stack').textContent = view.stack.join(', ') || 'empty';
  $('version').textContent = String(version);
  const actions = $('actions');
  actions.replaceChildren();
  const player = $('me').textContent;
  for (const action of message.legalActions ?? []) {
    const offer = eventOf(action, player);
    if (!offer) continue;
    const button = document.createElement('button');
    button.textContent = offer.label;
    button.addEventListener('click', () => {
      $('refusal').textContent = '';
      socket.send(JSON.stringify({ type: 'send', event: offer.event, expectVersion: version }));
    });
    actions.append(button);
  }
}

async function start() {
  // Who this token is: the first view tells (GET /games/:id answers with the seat's legal actions).
  const response = await fetch(`/games/${encodeURIComponent(game)}`, { headers: { Authorization: `Bearer ${token}` } });
  const state = await response.json();
  if (!response.ok) {
    $('status').textContent = `refused: ${state.error}`;
    return;
  }
  $('me').textContent = params.get('seat') ?? '';
  socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/games/${encodeURIComponent(game)}/live?token=${encodeURIComponent(token)}`);
  socket.addEventListener('open', () => { $('status').textContent = 'connected'; });
  socket.addEventListener('close', () => { $('status').textContent = 'disconnected: reload to go on'; });
  socket.addEventListener('message', (frame) => {
    const message = JSON.parse(frame.data);
    if (message.type === 'view') render(message);
    else if (message.type === 'refused') $('refusal').textContent = `${message.reason} (${message.rule})`;
  });
}

void start();
