// A small host game engine: the permanents, libraries, hands, graveyards, damage and life that the turn
// machine does not model, plugged into it with its hooks (`{ hooks }`), on either executor: the actor
// (`createGame`) or the playout (`createPlayout`, for AI search). The machine decides when things happen
// (turn structure, priority, the stack, 723); the engine does what happens to its objects:
//   - the host hooks: untap (502.3), draw (504.1), discard (514.1, every cleanup step), state-based actions
//     (704.3), and resolveObject (608.2c: a spell's own part, done as it begins to resolve, so that the
//     checks of that same resolution — 117.5, 723.1c — see its result);
//   - the machine's history: `moved` (a card goes where the machine sent it: graveyard, exile), a step
//     began (combat damage, cleanup's 514.2).
// It imports only the package's public entry.
//
// Hooks are called while the machine processes an event, in the rules' order; the engine follows the
// event's history once the whole event is processed (`game.history`, on both executors). 514.2 (damage
// wears off, "until end of turn" ends) has no hook: the engine does it at the 514.3 check, which follows
// it with nothing in between.
import {
  createGame,
  type Game,
  type HostHooks,
  type GameInput,
  type HistoryRecord,
  type PlayerId,
  type Refusal,
  type ResolutionEffect,
  type StateBasedActionsResult,
  type StateBasedActionsRule,
} from 'mtg-turn-machine';
import { createPlayout, type Playout } from 'mtg-turn-machine/playout';

export interface Card {
  /** Unique in the game; the id the machine knows the card by while it is a spell. */
  id: string;
  name: string;
  owner: PlayerId;
}

export interface Permanent {
  card: Card;
  controller: PlayerId;
  tapped: boolean;
  /** Damage marked on it this turn (120.3), removed in cleanup (514.2). */
  damage: number;
  /** -1/-1 counters (122.1). */
  minusCounters: number;
  /** +N/+N until end of turn. */
  pump: number;
}

export interface PlayerState {
  life: number;
  /** Top card first. */
  library: Card[];
  hand: Card[];
  graveyard: Card[];
}

interface SpellOnStack {
  card: Card;
  controller: PlayerId;
  targets: string[];
}

/** What a card is. Creatures have power and toughness, fixed or defined by the game (Lhurgoyf). */
export interface CardDefinition {
  type: 'land' | 'creature' | 'instant' | 'sorcery';
  power?: number | ((engine: Engine) => number);
  toughness?: number | ((engine: Engine) => number);
  /** The machine's part of the spell (the scenario format's effects: endTurn, endCombat, …). */
  effects?: ResolutionEffect[];
  /** The engine's part, done as the spell begins to resolve (608.2c). */
  resolve?: (engine: Engine, spell: SpellOnStack) => void;
}

const creatureCardsInGraveyards = (engine: Engine) =>
  Object.values(engine.players).flatMap((p) => p.graveyard).filter((card) => CARDS[card.name].type === 'creature').length;

export const CARDS: Record<string, CardDefinition> = {
  Plains: { type: 'land' },
  'Grizzly Bears': { type: 'creature', power: 2, toughness: 2 },
  'Hill Giant': { type: 'creature', power: 3, toughness: 3 },
  'Llanowar Elves': { type: 'creature', power: 1, toughness: 1 },
  // */1+*: the number of creature cards in all graveyards.
  Lhurgoyf: { type: 'creature', power: creatureCardsInGraveyards, toughness: (engine) => 1 + creatureCardsInGraveyards(engine) },
  'Time Stop': { type: 'instant', effects: [{ endTurn: {} }] },
  'Mandate of Peace': { type: 'instant', effects: [{ endCombat: {} }] },
  Shock: { type: 'instant', resolve: (engine, spell) => engine.dealDamage(spell.targets[0], 2) },
  'Giant Growth': { type: 'instant', resolve: (engine, spell) => engine.permanent(spell.targets[0]).pump += 3 },
  // Put a -1/-1 counter on target creature, then proliferate (it adds one more).
  'Grim Affliction': { type: 'instant', resolve: (engine, spell) => engine.permanent(spell.targets[0]).minusCounters += 2 },
  'Ancestral Recall': { type: 'instant', resolve: (engine, spell) => [1, 2, 3].forEach(() => engine.draw(spell.targets[0])) },
  // Each player shuffles their hand and graveyard into their library, then draws seven cards. If it's your turn, end the turn.
  "Day's Undoing": {
    type: 'sorcery',
    effects: [{ endTurn: {} }],
    resolve: (engine) => {
      for (const [player, state] of Object.entries(engine.players)) {
        state.library.push(...state.hand.splice(0), ...state.graveyard.splice(0));
        engine.shuffle(state.library);
        for (let i = 0; i < 7; i += 1) engine.draw(player);
      }
    },
  },
};

export interface PlayerSetup {
  id: PlayerId;
  /** Card names, top first. */
  library: string[];
  hand: string[];
  battlefield?: string[];
  graveyard?: string[];
}

/** The players of a machine input, each with a library of Plains and a hand of Plains of the size the input says (7 by default). */
export const plainsSetup = (input: GameInput): PlayerSetup[] => input.players.map((id) => ({
  id, library: Array.from({ length: 30 }, () => 'Plains'), hand: Array.from({ length: input.options?.hands?.[id] ?? 7 }, () => 'Plains'),
}));

/** What the engine drives: a game (the actor) or a playout, whichever executor runs the machine. */
export type Executor = 'actor' | 'playout';


export class Engine {
  readonly players: Record<PlayerId, PlayerState> = {};
  readonly battlefield: Permanent[] = [];
  readonly exile: Card[] = [];
  /** What the engine did, each line with its turn and rule: what a test or a UI's log reads. */
  readonly log: string[] = [];
  /** The machine's game: `createGame`'s (the actor) or `createPlayout`'s (the playout); both send, view and keep the history. */
  readonly game: Game | Playout;
  private readonly stack = new Map<string, SpellOnStack>();
  /** This combat's blocks: attacker id → blocker id. */
  private readonly blocks = new Map<string, string>();
  private cardsMade = 0;
  /** The history records followed so far. */
  private followed = 0;
  private seed = 12345;

  /**
   * `game`: the rest of the machine's input (options, teams); the players and their hand sizes come from `setup`.
   * `executor`: the actor (`createGame`) or the playout (`createPlayout`): the same game either way.
   */
  constructor(setup: PlayerSetup[], game: Omit<GameInput, 'players'> = {}, executor: Executor = 'actor') {
    for (const player of setup) {
      const cards = (names: string[] = []) => names.map((name) => this.makeCard(name, player.id));
      this.players[player.id] = { life: 20, library: cards(player.library), hand: cards(player.hand), graveyard: cards(player.graveyard) };
      for (const card of cards(player.battlefield)) this.enter(card, player.id);
    }
    const hooks: HostHooks = {
      untapPermanents: ({ player, turn }) => this.untapAll(player, turn),
      drawCard: ({ player }) => this.draw(player),
      // The machine counts a hand from its draws only; the engine knows the real one.
      discardCards: ({ player, maxHandSize, turn }) => this.discardDownTo(player, maxHandSize, turn),
      // 608.2c: a card's own part, as it begins to resolve (before the machine's endTurn, say).
      resolveObject: ({ object }) => this.resolve(object.id),
      performStateBasedActions: ({ rule, turn }) => this.checkStateBasedActions(rule, turn),
    };
    const hands = Object.fromEntries(setup.map((player) => [player.id, player.hand.length]));
    const input: GameInput = { ...game, players: setup.map((player) => player.id), options: { ...game.options, hands, history: 'all' } }; // history: every record (a short game's log), followed by index
    if (executor === 'actor') {
      const game = createGame(input, { hooks });
      // An actor's history reaches listeners once each event is done, whoever sent it.
      game.actor.on('history', () => this.followHistory());
      this.game = game;
    } else {
      this.game = createPlayout(input, { hooks });
    }
    this.followHistory();
  }

  /** The actor's game, for what takes one (mtg-turn-machine/testing's paths). */
  actorGame(): Game {
    if (!('actor' in this.game)) throw new Error('this engine runs on the playout');
    return this.game;
  }

  /** Sends an event; once the machine is done with it, the engine follows what it recorded (on the playout, here). */
  private send(event: unknown): Refusal | null {
    const refusal = this.game.send(event);
    this.followHistory();
    return refusal;
  }

  private followHistory(): void {
    const { history } = this.game;
    while (this.followed < history.length) this.follow(history[this.followed++]);
  }

  // --- what players do: sent to the machine, done by the engine once the machine accepts it ---

  /** Casts a card from `player`'s hand; the machine's refusal (timing, priority) leaves the card there. */
  cast(player: PlayerId, name: string, targets: string[] = []): Refusal | null {
    const card = this.players[player].hand.find((c) => c.name === name);
    if (!card) throw new Error(`${player} has no ${name} in hand`);
    const definition = CARDS[name];
    const refusal = this.send({
      type: 'spell.cast',
      object: { id: card.id, controller: player, type: definition.type === 'sorcery' ? 'sorcery' : 'instant', effects: definition.effects ?? [], targets },
    });
    if (refusal) return refusal;
    this.players[player].hand.splice(this.players[player].hand.indexOf(card), 1);
    this.stack.set(card.id, { card, controller: player, targets });
    return null;
  }

  pass(player: PlayerId): Refusal | null {
    return this.send({ type: 'priority.pass', player });
  }

  /** Each player with priority passes until `done()` (or the game waits for a declaration: no attack, no block). */
  passUntil(done: () => boolean): void {
    for (let i = 0; i < 200 && !done(); i += 1) {
      const view = this.game.view();
      if (view.waitingFor === 'declareAttackers') this.attack(view.activePlayer!, []); // (a declaration is awaited only from an active player in the game)
      else if (view.waitingFor === 'declareBlockers' && view.declaring) this.block(view.declaring, []);
      else if (view.priority) this.pass(view.priority);
      else throw new Error(`nobody to act at ${view.phase}/${view.step}`);
    }
    if (!done()) throw new Error('passUntil: never got there');
  }

  attack(player: PlayerId, attackers: string[]): Refusal | null {
    const refusal = this.send({ type: 'combat.declareAttackers', player, attackers: attackers.map((id) => ({ id })) });
    if (!refusal) for (const id of attackers) this.permanent(id).tapped = true; // 508.1f
    return refusal;
  }

  /** `blocks`: [blocker, attacker] pairs. */
  block(player: PlayerId, blocks: [string, string][]): Refusal | null {
    const refusal = this.send({ type: 'combat.declareBlockers', player, blockers: blocks.map(([id, blocking]) => ({ id, blocking })) });
    if (!refusal) for (const [blocker, attacker] of blocks) this.blocks.set(attacker, blocker);
    return refusal;
  }

  // --- the engine's objects ---

  permanent(id: string): Permanent {
    const found = this.battlefield.find((p) => p.card.id === id);
    if (!found) throw new Error(`no permanent ${id}`);
    return found;
  }

  /** The first permanent of that name. */
  named(name: string): Permanent {
    const found = this.battlefield.find((p) => p.card.name === name);
    if (!found) throw new Error(`no ${name} on the battlefield`);
    return found;
  }

  power(permanent: Permanent): number {
    const { power = 0 } = CARDS[permanent.card.name];
    return (typeof power === 'function' ? power(this) : power) + permanent.pump - permanent.minusCounters;
  }

  toughness(permanent: Permanent): number {
    const { toughness = 0 } = CARDS[permanent.card.name];
    return (typeof toughness === 'function' ? toughness(this) : toughness) + permanent.pump - permanent.minusCounters;
  }

  dealDamage(id: string, amount: number): void {
    const target = this.battlefield.find((p) => p.card.id === id);
    if (target) target.damage += amount; // a creature gone meanwhile is dealt nothing
  }

  draw(player: PlayerId): void {
    const card = this.players[player].library.shift();
    if (card) this.players[player].hand.push(card);
  }

  /** Fisher–Yates with a fixed seed: the same game every run. */
  shuffle(cards: Card[]): void {
    for (let i = cards.length - 1; i > 0; i -= 1) {
      this.seed = (this.seed * 1103515245 + 12345) % 2 ** 31;
      const j = this.seed % (i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
  }

  // --- the hooks ---

  private untapAll(player: PlayerId, turn: number): void {
    const tapped = this.battlefield.filter((p) => p.controller === player && p.tapped);
    tapped.forEach((p) => { p.tapped = false; });
    this.log.push(`T${turn} 502.3 ${player} untaps ${tapped.map((p) => p.card.name).join(', ') || 'nothing'}`);
  }

  /** 514.1: down to the maximum hand size, the last cards in hand first (the engine's choice for its player). */
  private discardDownTo(player: PlayerId, maxHandSize: number, turn: number): void {
    const { hand, graveyard } = this.players[player];
    const discarded = hand.splice(maxHandSize);
    graveyard.push(...discarded);
    this.log.push(`T${turn} 514.1 ${player} discards ${discarded.length}`);
  }

  /** 704.3: every state-based action that applies, at once: 704.5f (toughness 0 or less), 704.5g (lethal damage). */
  private checkStateBasedActions(rule: StateBasedActionsRule, turn: number): StateBasedActionsResult {
    if (rule === '514.3') this.wearOff();
    const dying = this.battlefield
      .filter((p) => CARDS[p.card.name].type === 'creature')
      .map((p) => ({ p, toughness: this.toughness(p) }))
      .filter(({ p, toughness }) => toughness <= 0 || p.damage >= toughness);
    for (const { p, toughness } of dying) {
      this.battlefield.splice(this.battlefield.indexOf(p), 1);
      this.players[p.card.owner].graveyard.push(p.card);
      this.log.push(`T${turn} ${rule} ${p.card.name} dies (${toughness <= 0 ? '704.5f' : '704.5g'})`);
    }
    return dying.length > 0;
  }

  // --- following the machine ---

  private resolve(id: string): void {
    const spell = this.stack.get(id);
    if (spell) CARDS[spell.card.name].resolve?.(this, spell);
  }

  private follow(record: HistoryRecord): void {
    if (record.type === 'moved') {
      const spell = this.stack.get(record.id);
      if (!spell) return;
      this.stack.delete(record.id);
      if (record.to === 'exile') this.exile.push(spell.card);
      else if (record.to === 'graveyard') this.players[spell.card.owner].graveyard.push(spell.card);
      else if (record.to === 'battlefield') this.enter(spell.card, spell.controller);
    } else if (record.type === 'stepBegan' && record.step === 'combatDamage') {
      this.combatDamage(record.turn);
    } else if (record.type === 'turnBegan') {
      this.blocks.clear();
    }
  }

  /** 514.2: damage wears off and "until end of turn" effects end (in every cleanup step). */
  private wearOff(): void {
    for (const p of this.battlefield) {
      p.damage = 0;
      p.pump = 0;
    }
  }

  /** 510: each attacker and its blocker deal damage to each other; an unblocked one to the defending player. */
  private combatDamage(turn: number): void {
    const view = this.game.view();
    const defender = view.players.find((p) => p !== view.activePlayer)!;
    for (const attackerId of view.attackers) {
      // A creature declared to the machine without being one of the engine's permanents deals no damage the engine can count.
      const attacker = this.battlefield.find((p) => p.card.id === attackerId);
      if (!attacker) continue;
      const blockerId = this.blocks.get(attackerId);
      if (blockerId && view.blockers.includes(blockerId)) {
        const blocker = this.permanent(blockerId);
        blocker.damage += this.power(attacker);
        attacker.damage += this.power(blocker);
      } else if (!blockerId) {
        this.players[defender].life -= this.power(attacker);
      }
    }
    this.log.push(`T${turn} 510.2 combat damage`);
  }

  private makeCard(name: string, owner: PlayerId): Card {
    if (!(name in CARDS)) throw new Error(`unknown card ${name}`);
    this.cardsMade += 1;
    return { id: `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${this.cardsMade}`, name, owner };
  }

  private enter(card: Card, controller: PlayerId): void {
    this.battlefield.push({ card, controller, tapped: false, damage: 0, minusCounters: 0, pump: 0 });
  }
}
