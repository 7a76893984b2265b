// A table for two or more players: a game from mtg-turn-machine/react's useGame, read through its view,
// history and legal actions only (never the snapshot's context), each seat offered only what it may do.
import { useRef } from 'react';
import {
  declareAttackers,
  declareBlockers,
  describeRecord,
  pass,
  passUntilEndOfTurn,
  passUntilNextStep,
  passUntilNextTurn,
  ruleOfRecord,
  toEvent,
  type LegalAction,
  type PlayerId,
  type StackObjectSpec,
} from 'mtg-turn-machine';
import { useGame } from 'mtg-turn-machine/react';

/** The cards a seat can play, by the kind of action legalActions allows. */
const CARDS: { name: string; verb: 'Cast' | 'Activate'; offeredBy: (action: LegalAction) => boolean; object: (id: string, controller: PlayerId) => StackObjectSpec }[] = [
  {
    name: 'Time Stop',
    verb: 'Cast',
    offeredBy: (a) => a.type === 'spell.cast' && a.timing === 'instant',
    object: (id, controller) => ({ id, controller, type: 'instant', effects: [{ endTurn: {} }] }),
  },
  {
    name: 'Mandate of Peace',
    verb: 'Cast',
    offeredBy: (a) => a.type === 'spell.cast' && a.timing === 'instant',
    object: (id, controller) => ({ id, controller, type: 'instant', effects: [{ endCombat: {} }] }),
  },
  {
    name: 'Sundial of the Infinite',
    verb: 'Activate',
    offeredBy: (a) => a.type === 'ability.activate' && a.timing === 'yourTurn',
    object: (id, controller) => ({ id, controller, type: 'activated', timing: 'yourTurn', effects: [{ endTurn: {} }] }),
  },
];

/** A standing pass that declares no attackers or blockers for the seat. */
const NOTHING = { declareNoAttackers: true, declareNoBlockers: true };

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '-');

export function App({ players }: { players: PlayerId[] }) {
  // The whole history from turn 1's first record, the view and each seat's legal actions, re-rendered on change.
  // history 'all': this page shows the whole game's log and zones (the default, 'turn', keeps this turn's).
  const { view: seen, history, legalActions: legal, refusal, send } = useGame({ players, options: { history: 'all' } });
  const made = useRef(0);

  const play = (card: (typeof CARDS)[number], player: PlayerId, action: LegalAction) => {
    made.current += 1;
    const { controller: _controller, ...object } = card.object(`${slug(card.name)}-${made.current}`, player);
    send(toEvent(action, { player, object }));
  };

  return (
    <>
      <header>
        <strong data-testid="turn">Turn {seen.turn}</strong> · <span data-testid="active">{seen.activePlayer}</span>'s turn ·{' '}
        <span data-testid="step">{seen.phase}{seen.step ? ` / ${seen.step}` : ''}</span> · priority:{' '}
        <span data-testid="priority">{seen.priority ?? '—'}</span>
        {seen.awaiting && seen.awaiting.kind !== 'priority' && <> · waiting for {seen.awaiting.players.join(', ')} ({seen.awaiting.kind})</>}
        {seen.awaiting && <div data-testid="stop-reason">{seen.awaiting.reason} ({seen.awaiting.rule})</div>}
      </header>
      {refusal && <p className="refusal" role="alert">Refused: {refusal.reason} ({refusal.rule})</p>}
      <main>
        {players.map((player) => (
          <section key={player} className={`seat${seen.mayAct.includes(player) ? ' has-priority' : ''}`} data-seat={player}>
            <h2>{player}</h2>
            <Actions
              actions={legal[player]}
              onPass={() => send(pass(player))}
              onPlay={(card, action) => play(card, player, action)}
              onAttack={() => send(declareAttackers(player))}
              onBlock={() => send(declareBlockers(player))}
            />
            {/* 732.2: standing passes, declaring nothing; the machine passes for the seat and stops where it must */}
            <div className="shortcuts" data-shortcuts={player}>
              <button onClick={() => send(passUntilNextStep(player, NOTHING))}>Pass until next step</button>
              <button onClick={() => send(passUntilEndOfTurn(player, NOTHING))}>Pass until end of turn</button>
              <button onClick={() => send(passUntilNextTurn(player, player, NOTHING))}>Pass until my turn</button>
              {seen.shortcuts[player] && <span data-testid={`pass-${player}`}> passing {JSON.stringify(seen.shortcuts[player].until)}</span>}
            </div>
          </section>
        ))}
        <section className="stack">
          <h2>Stack (top first)</h2>
          <ol data-testid="stack">
            {[...seen.stackObjects].reverse().map((object) => <li key={object.id}>{object.id} ({object.kind} of {object.controller})</li>)}
          </ol>
        </section>
        <section>
          <h2>Exile</h2>
          <p data-testid="exile">{seen.zones.exile.join(', ') || '—'}</p>
          <h2>Graveyard</h2>
          <p data-testid="graveyard">{seen.zones.graveyard.join(', ') || '—'}</p>
        </section>
        <section className="history">
          <h2>History</h2>
          <ol data-testid="history">
            {history.map((record, index) => (
              <li key={index} data-type={record.type}>
                T{record.turn}{record.step || record.phase ? ` ${record.step ?? record.phase}` : ''}: {describeRecord(record)} ({ruleOfRecord(record)})
              </li>
            ))}
          </ol>
        </section>
      </main>
    </>
  );
}

function Actions(props: {
  actions: readonly LegalAction[];
  onPass(): void;
  onPlay(card: (typeof CARDS)[number], action: LegalAction): void;
  onAttack(): void;
  onBlock(): void;
}) {
  const { actions } = props;
  if (actions.length === 0) return <p>Nothing to do now.</p>;
  const has = (type: LegalAction['type']) => actions.some((action) => action.type === type);
  return (
    <div>
      {has('priority.pass') && <button onClick={props.onPass}>Pass</button>}
      {CARDS.map((card) => ({ card, action: actions.find(card.offeredBy) })).map(({ card, action }) => action && (
        <button key={card.name} onClick={() => props.onPlay(card, action)}>{card.verb} {card.name}</button>
      ))}
      {has('combat.declareAttackers') && <button onClick={props.onAttack}>Attack with nothing</button>}
      {has('combat.declareBlockers') && <button onClick={props.onBlock}>Block with nothing</button>}
    </div>
  );
}
