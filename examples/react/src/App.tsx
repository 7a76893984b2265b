// A table for two or more players: the turn machine run by @xstate/react, read through the package's
// view() and legalActions() only (never the snapshot's context), each seat offered only what it may do.
import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  describeRecord,
  legalActions,
  passUntilEndOfTurn,
  passUntilNextStep,
  passUntilNextTurn,
  ruleOfRecord,
  turnMachine,
  view,
  type HistoryRecord,
  type LegalAction,
  type PlayerId,
  type StackObjectSpec,
  type TurnEvent,
} from 'mtg-turn-machine';

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
  const actorRef = useActorRef(turnMachine, { input: { players } });
  const [history, setHistory] = useState<HistoryRecord[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const made = useRef(0);

  // Layout effects run before useActorRef starts the actor (in an effect): no record of turn 1 is missed.
  useLayoutEffect(() => {
    const records = actorRef.on('history', ({ record }) => setHistory((seen) => [...seen, record]));
    const refusals = actorRef.on('rejected', ({ reason, rule }) => setRefusal(`${reason} (${rule})`));
    return () => {
      records.unsubscribe();
      refusals.unsubscribe();
    };
  }, [actorRef]);

  const seen = useSelector(actorRef, (snapshot) => view(snapshot));
  const legal = useSelector(actorRef, (snapshot) => players.map((player) => legalActions(snapshot, player)), (a, b) => JSON.stringify(a) === JSON.stringify(b));

  const send = (event: TurnEvent) => {
    setRefusal(null);
    actorRef.send(event);
  };
  const play = (card: (typeof CARDS)[number], player: PlayerId) => {
    made.current += 1;
    const object = card.object(`${slug(card.name)}-${made.current}`, player);
    send(object.type === 'activated' ? { type: 'ability.activate', object } : { type: 'spell.cast', object });
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
      {refusal && <p className="refusal" role="alert">Refused: {refusal}</p>}
      <main>
        {players.map((player, index) => (
          <section key={player} className={`seat${seen.mayAct.includes(player) ? ' has-priority' : ''}`} data-seat={player}>
            <h2>{player}</h2>
            <Actions
              actions={legal[index]}
              onPass={() => send({ type: 'priority.pass', player })}
              onPlay={(card) => play(card, player)}
              onAttack={() => send({ type: 'combat.declareAttackers', player, attackers: [] })}
              onBlock={() => send({ type: 'combat.declareBlockers', player, blockers: [] })}
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
  actions: LegalAction[];
  onPass(): void;
  onPlay(card: (typeof CARDS)[number]): void;
  onAttack(): void;
  onBlock(): void;
}) {
  const { actions } = props;
  if (actions.length === 0) return <p>Nothing to do now.</p>;
  const has = (type: LegalAction['type']) => actions.some((action) => action.type === type);
  return (
    <div>
      {has('priority.pass') && <button onClick={props.onPass}>Pass</button>}
      {CARDS.filter((card) => actions.some(card.offeredBy)).map((card) => (
        <button key={card.name} onClick={() => props.onPlay(card)}>{card.verb} {card.name}</button>
      ))}
      {has('combat.declareAttackers') && <button onClick={props.onAttack}>Attack with nothing</button>}
      {has('combat.declareBlockers') && <button onClick={props.onBlock}>Block with nothing</button>}
    </div>
  );
}
