// One fuzz sequence: play the intents against createGame, checking after every event the
// rule invariants, that refusals change nothing, that legalActions/explainRefusal agree
// with what the machine then does, and (from `persistAt` on) that a game restored from a
// persisted JSON snapshot behaves exactly like the original.
import {
  createGame, type CreateGameOptions, explainRefusal, legalActions, persistGame, restoreSnapshot, view,
  type Game, type LegalAction, type TurnEvent, type TurnSnapshot, type View,
} from '../../src/index.js';
import { RulesMonitor, type Violation } from '../../src/testing/invariants.js';
import { Realizer, type FuzzCase } from './arbitraries.js';

export interface SequenceResult {
  violations: Violation[];
  events: TurnEvent[];
}

/**
 * The kind of action `legalActions` reports for a well-formed player event (null for host reports).
 * `sideOf` gives a player's team (805): legalActions judges who may declare, not what, so a combined
 * declaration naming a creature of a player outside the declaring team (805.10b/d) is judged here.
 */
function legalKind(event: TurnEvent, sideOf: (who: string) => string): { player: string; matchesAll: (actions: LegalAction[]) => boolean } | null {
  const strangers = (creatures: readonly { controller?: string }[], by: string) => creatures.some((x) => x.controller !== undefined && sideOf(x.controller) !== sideOf(by));
  switch (event.type) {
    case 'priority.pass':
      return { player: event.player, matchesAll: (actions) => actions.some((a) => a.type === 'priority.pass') };
    case 'spell.cast': {
      // A spell needs its speed (sorcery speed unless an instant or flash) and each restriction it adds (601.3).
      const type = event.object.type ?? 'instant';
      const speed = type !== 'instant' && event.object.timing !== 'instant' ? 'sorcery' : 'instant';
      const restriction = event.object.timing === 'yourTurn' || event.object.timing === 'combat' ? event.object.timing : null;
      const offered = (actions: LegalAction[], timing: string) => actions.some((a) => a.type === 'spell.cast' && a.timing === timing);
      return { player: event.object.controller, matchesAll: (actions) => offered(actions, speed) && (restriction === null || offered(actions, restriction)) };
    }
    case 'ability.activate': {
      const timing = event.object.timing ?? 'instant';
      return { player: event.object.controller, matchesAll: (actions) => actions.some((a) => a.type === 'ability.activate' && a.timing === timing) };
    }
    case 'combat.declareAttackers': {
      // 508.1c: a restriction `barred` names refuses an attacker that has it (looked at only for a well-formed event)
      const barred = () => event.attackers.some((c) => c.cantAttackDuringExtraTurns === true);
      return {
        player: event.player ?? event.team!,
        matchesAll: (actions) => actions.some((a) => a.type === 'combat.declareAttackers' && !(a.barred.includes('cantAttackDuringExtraTurns') && barred()))
          && !strangers(event.attackers, event.player ?? event.team!),
      };
    }
    case 'combat.declareBlockers':
      return {
        player: event.player ?? event.team!,
        matchesAll: (actions) => actions.some((a) => a.type === event.type) && !strangers(event.blockers, event.player ?? event.team!),
      };
    default:
      return null;
  }
}

/** Whether the event's sender (its `by`, or the player it names) makes `asker`'s decisions now (VIEW `decides`). */
function sentByDecider(snapshot: TurnSnapshot, event: TurnEvent, asker: string, sideOf: (who: string) => string, teams: Map<string, string[]>): boolean {
  const decider = view(snapshot).decides[asker];
  const by = (event as { by?: string }).by;
  if (decider !== asker) return by !== undefined && (by === decider || teams.get(by)?.[0] === decider);
  return by === undefined || sideOf(by) === sideOf(asker);
}

const withoutHistory = (v: View) => ({ ...v, history: undefined });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function runSequence(c: FuzzCase, options: { differential?: boolean; machine?: CreateGameOptions['machine'] } = {}): SequenceResult {
  const machine = options.machine ? { machine: options.machine } : {};
  // The monitor reads every event's records: game.history keeps all of them (whatever the game keeps of its zones).
  const game = createGame(c.input, { ...machine, history: 'all' });
  const monitor = new RulesMonitor(c.input);
  const realizer = new Realizer(c.input.players, c.input.teams ?? null);
  const teamPlayers = new Map((c.input.teams ?? []).map((team) => [team.join('+'), team]));
  const sideOf = (who: string) => [...teamPlayers].find(([, players]) => players.includes(who))?.[0] ?? who;
  const extra: Violation[] = [];
  const events: TurnEvent[] = [];
  const fail = (rule: string, message: string) => extra.push({ rule, message, at: events.length });
  monitor.observe({ event: null, before: null, after: game.snapshot(), records: [...game.history], refusal: null });
  let twin: Game | null = null;
  let twinFrom = 0;
  try {
    c.intents.forEach((intent, i) => {
      if (options.differential && i === c.persistAt) {
        const json = JSON.stringify(persistGame(game.actor));
        try {
          twin = createGame(c.input, { ...machine, history: 'all', snapshot: restoreSnapshot(JSON.parse(json)) });
          twinFrom = game.history.length;
          if (twin.snapshot().status !== 'active') fail('persistence', `restored game is ${twin.snapshot().status}`);
          if (!same(withoutHistory(twin.view()), withoutHistory(game.view()))) fail('persistence', 'the restored view differs from the original');
        } catch (error) {
          // A game that cannot be restored is a violation of its own; the original plays on without its twin.
          fail('persistence', `the persisted game could not be restored: ${(error as Error).message}`);
        }
      }
      const before: TurnSnapshot = game.snapshot();
      const event = realizer.event(intent, before);
      events.push(event);
      const predicted = explainRefusal(before, event);
      // (only a well-formed event has a kind of action to look for)
      const kind = predicted?.rule === 'input' ? null : legalKind(event, sideOf);
      // legalActions answers for a player: an action named by a team's id is its primary player's (805.5a, 805.2)
      // (800.4: a player of the team still in the game, when its primary player has left)
      const named = kind ? teamPlayers.get(kind.player) ?? [kind.player] : [];
      const inGame = before.context.left.length > 0 ? named.filter((p) => !before.context.left.includes(p)) : named;
      const asker = kind ? inGame[0] ?? named[0] : '';
      // 722.5: legalActions(asker) is what may be done for asker, sent by whoever decides for them: another sender is refused.
      const legal = kind ? kind.matchesAll(legalActions(before, asker)) && sentByDecider(before, event, asker, sideOf, teamPlayers) : null;
      const from = game.history.length;
      const refusal = game.send(event);
      monitor.observe({ event, before, after: game.snapshot(), records: game.history.slice(from), refusal });
      if (legal !== null && legal !== (refusal === null)) {
        fail('legalActions', `legalActions(${asker}) ${legal ? 'offers' : 'does not offer'} ${event.type} but the machine ${refusal ? `refused it (${refusal.rule}: ${refusal.reason})` : 'accepted it'}`);
      }
      if (twin) {
        const twinRefusal = twin.send(event);
        if (!same(twinRefusal, refusal)) fail('persistence', `after restore, ${event.type} got ${JSON.stringify(twinRefusal)} vs ${JSON.stringify(refusal)}`);
        if (!same(withoutHistory(twin.view()), withoutHistory(game.view()))) fail('persistence', `after restore, the views differ after ${event.type}`);
        if (!same(twin.history, game.history.slice(twinFrom))) fail('persistence', `after restore, the histories differ after ${event.type}`);
      }
    });
  } catch (error) {
    fail('crash', `the machine threw: ${(error as Error).stack ?? String(error)}`);
  } finally {
    game.stop();
    (twin as Game | null)?.stop();
  }
  return { violations: [...monitor.violations, ...extra], events };
}
