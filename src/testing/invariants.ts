// Rule invariants, checked after every event of every generated path, fuzz sequence and
// differential run. The monitor reads only what a host sees: the events it sent, the
// history records they produced, the refusals, and the snapshot/view after each event.
// It keeps its own shadow of the game (stack, waiting triggers, open step, turn order,
// the plan of the turn's phases, effect durations) built from the records, independent of
// the machine's rules code. With shared team turns (805) the sides that take turns, hold
// priority, declare and put triggered abilities on the stack are the teams.
import {
  actorOf, explainRefusal, view, waitingFor,
  type AtTriggerSpec, type CreatureSpec, type Duration, type GameInput, type HistoryRecord,
  type PhaseId, type PlayerId, type Refusal, type ResolutionEffect, type StackObjectSpec, type StepId, type TurnEvent,
  type TurnSnapshot, type View, type ShortcutCondition, type ShortcutStop, type ShortcutUntil,
} from '../index.js';

/** A control record due right after a turn's `turnBegan` (722.1). */
type ControlRecordDue = { type: 'controlEnded' | 'controlBegan'; player: PlayerId; controller: PlayerId };

/** 732.2: a standing pass as the monitor keeps it (from the events that set it, defaults filled). */
interface MonitorPass {
  player: PlayerId;
  until: ShortcutUntil;
  unless: ShortcutCondition[];
  stops: ShortcutStop[];
  noAttackers: boolean;
  noBlockers: boolean;
}
/** FORMAT "Standing passes", Bound. */
const AUTOMATIC_PASS_BOUND = 1000;

/** What one event did, as the host saw it. `event: null` is the game's start. */
export interface Observation {
  event: TurnEvent | null;
  before: TurnSnapshot | null;
  after: TurnSnapshot;
  records: readonly HistoryRecord[];
  /** The `rejected` the machine emitted for this event, if any. */
  refusal: Refusal | null;
}

/** A broken rule invariant: the rule, what was seen, and the observation it was seen at. */
export interface Violation {
  rule: string;
  message: string;
  /** Index of the observation (0 = the game's start) where it was found. */
  at: number;
}

// 500.1 — written out here, not imported from the machine, so the monitor is an independent oracle.
const PHASES: readonly PhaseId[] = ['beginning', 'precombatMain', 'combat', 'postcombatMain', 'ending'];
const STEPS_OF: Record<PhaseId, readonly StepId[]> = {
  beginning: ['untap', 'upkeep', 'draw'], precombatMain: [], combat: ['beginningOfCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endOfCombat'],
  postcombatMain: [], ending: ['end', 'cleanup'],
};
const PHASE_OF: Record<StepId, PhaseId> = {
  untap: 'beginning', upkeep: 'beginning', draw: 'beginning',
  beginningOfCombat: 'combat', declareAttackers: 'combat', declareBlockers: 'combat',
  firstStrikeDamage: 'combat', combatDamage: 'combat', endOfCombat: 'combat',
  end: 'ending', cleanup: 'ending',
};
const MAIN_PHASES: readonly string[] = ['precombatMain', 'postcombatMain'];
/** Canonical order of the steps and main phases of a turn (500.1), for turns nothing was added to. */
const RANK: Record<string, number> = {
  untap: 0, upkeep: 1, draw: 2, precombatMain: 3, beginningOfCombat: 4, declareAttackers: 5, declareBlockers: 6,
  firstStrikeDamage: 7, combatDamage: 8, endOfCombat: 9, postcombatMain: 10, end: 11, cleanup: 12,
};

/** An effect in force; `boundTurn`: the turn an "until end of combat on your next turn" effect was bound to as it began (611.2). */
interface LiveEffect { id: string; until: Duration | undefined; expired: boolean; ended: boolean; boundTurn?: number }
interface Procedure {
  kind: 'endTurn' | 'endCombat';
  pendingAtStart: Set<string>;
  stackAtStart: Set<string>;
  sbaChecked: boolean;
  /** The phase the procedure began in. */
  phase: PhaseId | null;
}
interface CombatInstance {
  steps: StepId[];
  attackers: CreatureSpec[] | null;
  blockers: CreatureSpec[];
  /** 510.4: whether a first or double striker was in combat as its first combat damage step began (null: none began yet). */
  firstStrike: boolean | null;
  procedure: boolean;
}
/** 603.7: the binding an AT was registered with (at most one). */
type Binding = 'thatTurn' | 'nextTurnOf' | 'thisTurn' | 'thatPhase';
/**
 * 603.7: an AT as the monitor keeps it. `boundTo`: the identity of the one turn it belongs to (`thatTurn`,
 * `thisTurn`, `thatPhase`; `nextTurnOf` once that turn began); `phases`: the phase instances `thatPhase` names.
 */
type RegisteredAt = AtTriggerSpec & { binding?: Binding; boundTo?: number; phases?: number[] };
/** 117.5, 603.3b, 805.7: one pass of putting the waiting abilities on the stack. */
interface TriggerPass {
  /** The abilities waiting as the pass began (the pass's own), in the order they triggered, not yet on the stack. */
  abilities: { id: string; side: string | undefined }[];
  /** The sides (players, or teams) still to put theirs on the stack, APNAP (101.4, 805.7: team by team). */
  sides: string[];
  /** The side putting theirs on the stack now, and the ids still to come, in the order they must go. */
  putting: { side: string; ids: string[]; chosen: boolean } | null;
}
/** A phase of the turn's plan (500.1, 500.8, 500.10): each instance has its own identity (what `thatPhase` names), and its steps. */
interface PlannedPhase { id: number; phase: PhaseId; steps: StepId[] }
/** 500.11, 805.8: a pending skip of a side's step or phase; `each` ones apply to all of them in one turn of that side. */
interface PendingSkip { side: string; kind: 'step' | 'phase'; id: StepId | PhaseId; each: boolean; turn: number | null }
/**
 * 800.4: a departure being recorded — the players leaving, the stage of 800.4's order reached, and
 * what the monitor's own shadow says must go: objects they own on the stack (`leftGame`), abilities
 * they control (`ceasedToExist`), spells they control but do not own (`moved` to exile), the
 * triggered abilities of theirs waiting (`triggerRemoved`, 800.4d).
 */
interface Departure { players: PlayerId[]; reason: 'conceded' | 'lost'; stage: number; owned: string[]; abilities: string[]; exiled: string[]; triggers: string[] }
/** Removes one occurrence (two objects may share an id). */
const takeOne = (list: string[], id: string) => { const i = list.indexOf(id); if (i >= 0) list.splice(i, 1); };
/** 800.4's order of the records that follow `playerLeft` (FORMAT.md "What happens when C leaves"). */
const DEPARTURE_STAGE: Record<string, number> = { playerLeft: 0, leftGame: 1, removedFromCombat: 2, controlEnded: 2, ceasedToExist: 3, moved: 4, triggerRemoved: 5, gameEnded: 6 };

/** 805.10b/d: the declaration record a team's accepted declaration must produce. */
type Declaration = { type: 'attackersDeclared' | 'blockersDeclared'; team: string; player: PlayerId; ids: string[] };

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
/** What only the player holding priority (or declaring) may do: never while the game waits for an order of triggers. */
const PLAYER_ACTIONS: readonly string[] = ['priority.pass', 'spell.cast', 'ability.activate', 'combat.declareAttackers', 'combat.declareBlockers'];
const hasFirstStrike = (c: CreatureSpec) => c.firstStrike === true || c.doubleStrike === true;
const bindingOf = (at: AtTriggerSpec): Binding | undefined =>
  at.thatTurn ? 'thatTurn' : at.nextTurnOf !== undefined ? 'nextTurnOf' : at.thisTurn ? 'thisTurn' : at.thatPhase ? 'thatPhase' : undefined;

/** The rules monitor: observes a game event by event (as a host sees it) and records every rule invariant broken, with its rule. */
export class RulesMonitor {
  readonly violations: Violation[] = [];
  private readonly players: PlayerId[];
  /** 805: each team's players (listed order, the first is its primary player, 805.2); null without teams. */
  private readonly teams: Record<string, PlayerId[]> | null;
  /** Who takes turns, in turn order: the players, or the teams (805.4). */
  private readonly sides: string[];
  /** How many sides: a round of passing priority is one pass each (117.4, 805.5b). */
  private readonly n: number;
  private readonly skipFirstDraw: boolean;
  private readonly twoHeadedGiant: boolean;
  private at = 0;
  private batch: Violation[] = [];

  // what the host told the game
  private readonly specs = new Map<string, StackObjectSpec | AtTriggerSpec>();
  private readonly durations = new Map<string, Duration>();
  private readonly stackKind = new Map<string, 'ability' | 'copy' | 'card'>();

  // the shadow game, from the records
  private turn = 0;
  /** The active side (805.4a), and its primary player (what `turnBegan` and the view name). */
  private active: string | null = null;
  private activePrimary: PlayerId | null = null;
  private openPhase: PhaseId | null = null;
  private openStep: StepId | null = null;
  private stepsThisTurn: string[] = [];
  private lastRank = -1;
  private stack: string[] = [];
  private pending: string[] = [];
  private passesInRow = 0;
  /** 805.5b: the sides that passed in the current run of passes (all must, each once). */
  private passedSides: string[] = [];
  private expectedHolder: string | null = null;
  /** The side that holds priority, from the last `priority` record (null: nobody holds it). */
  private holder: string | null = null;
  private lastRecordType: string | null = null;
  // 732.2: standing passes in force (side → pass), automatic passes since a decision by hand, the
  // passes that must end before anything else happens (`due`), a side that received priority with
  // a pass in force (it must pass at once), and whether an automatic declaration may be due
  private readonly standing = new Map<string, MonitorPass>();
  private autoRun = 0;
  private due: { side: string; why: string }[] = [];
  private mustPass: string | null = null;
  private declarationCheck = false;
  /** A pass until end of turn ended: the turn's `turnEnded` must come next. */
  private turnEndDue = false;
  // 117.5, 603.3b: the pass under way (null: none since the last state-based-action check), and an order just given
  private readonly triggerOrder: 'triggered' | 'choose';
  private pass: TriggerPass | null = null;
  private givenOrder: { side: string; order: string[] } | null = null;
  /** Effects in force, in creation order (ids may repeat: an ability that triggers twice creates its effect twice). */
  private effects: LiveEffect[] = [];
  private procedure: Procedure | null = null;
  private exiledNonCards: string[] = [];
  private combat: CombatInstance | null = null;
  private readonly combatants = new Map<string, CreatureSpec>();
  /** 509.1, 805.10d: the defending sides still to declare blockers in this declare blockers step, in turn order. */
  private defendersLeft: string[] = [];
  private declaration: Declaration | null = null;
  private cleanup = { cause: false, window: false };
  private lastStepBegun: string | null = null;
  private lastCleanupHadWindow: boolean | null = null;
  private manaSource = false;
  private stepAdded = false;
  private beginningPhases = 0;
  private phasesAdded = false;
  /** Sides with a skip of a step or phase made (this game): checks of a turn's exact steps are relaxed for them. */
  private readonly sidesWithSkips = new Set<string>();
  private declaredThisStep = false;
  /** What happened to the combat phases of this turn so far (context for structure violations). */
  private earlierCombats = { withoutAttackers: false, endedByEffect: false };
  // 500.7, 500.11, 101.4, 805.8: the turn order oracle
  // (603.7: each turn has an identity; delayed triggers belong to one turn's)
  private readonly oracle = { extra: [] as { side: string; id: number }[], regular: 0, skips: [] as string[], nextId: 0 };
  private turnIdentity = -1;
  /** 500.7: the current turn is an extra turn. */
  private extraTurn = false;
  /** 805.8: extra turns or skipped turns were made in a game with teams (turn-order violations are then 805.8's). */
  private teamTurnEffects = false;
  /** 805.8: a skip of a step or phase naming several players was made (plan violations are then 805.8's). */
  private teamSkipEffects = false;
  // 500.1, 500.8–500.10, 500.11, 508.8, 510.4, 514.3a, 723.1d, 723.2d: the rest of this turn's phases, the
  // current phase's identity and the rest of its steps
  private plan: PlannedPhase[] = [];
  private nextPhaseId = 0;
  private currentPhaseId = -1;
  private phasesBegun: PhaseId[] = [];
  private stepQueue: StepId[] = [];
  private firstStrikeStepDone = false;
  private skips: PendingSkip[] = [];
  // 608.2a/608.2b/608.3: conditions and targets as the host set them; the object resolving now
  private readonly illegalTargets = new Set<string>();
  private readonly falseConditions = new Set<string>();
  private resolving: { id: string; resolves: boolean } | null = null;
  private copiesToCease: string[] = [];
  /** State-based actions the host scheduled for the next check. */
  private scheduledActions = 0;
  // 500.6: registered "at the beginning of" abilities, and the ones that must trigger now
  private ats: RegisteredAt[] = [];
  private mustTrigger: RegisteredAt[] | null = null;
  // 514.1, 603.2: abilities waiting for a player's next discard, the players discarding now, and what their discard must trigger
  private onDiscard: { player: PlayerId; ability: StackObjectSpec }[] = [];
  private discarding: PlayerId[] = [];
  private mustTriggerOnDiscard: { players: PlayerId[]; ids: string[] } | null = null;
  /** 514.1, 805.9: the active players who must discard in this cleanup step (and have not yet). */
  private toDiscard: PlayerId[] = [];
  // 722.1, 722.1a, 805.8: control effects waiting for their side's next turn (oldest first), the control of this
  // turn's side, Emrakul's extra turns to create as it ends, and the control records due right after `turnBegan`
  private pendingControl: { side: string; controller: PlayerId; thenExtraTurn: boolean }[] = [];
  private control: { side: string; controller: PlayerId } | null = null;
  private controlExtraTurns = 0;
  private controlRecordsDue: ControlRecordDue[] = [];
  /** 800.4a: the `controlEnded` records a departure makes (the control in force by or over the departed players). */
  private departureControlDue: { player: PlayerId; controller: PlayerId }[] = [];
  /** 500.10a: `addIgnored` records due for "that player gets" additions made outside that player's turn. */
  private addIgnoredDue = 0;
  // 800.4: who left the game (in order), the game's end (104.2a), and the departure being recorded now
  private left: PlayerId[] = [];
  private over = false;
  /** Departures the batch must record, in order (104.3a: a concession; 104.3e: a loss a resolution predicts). */
  private expectedDepartures: { player: PlayerId; reason: 'conceded' | 'lost' }[] = [];
  private departure: Departure | null = null;
  /** Objects that left the stack under 800.4a (a resolving one keeps resolving, 608.2m: it may still end the turn). */
  private readonly goneWithPlayer = new Set<string>();
  /** 800.4k: departed sides' turns the oracle has passed over (their `turnDidNotBegin`). */
  // 504.1, 514.1: hand sizes
  private readonly hands: Record<PlayerId, number>;
  private readonly maxHandSize: number;

  constructor(input: GameInput) {
    this.players = [...input.players];
    const shared = input.options?.sharedTeamTurns === true || input.options?.variant === 'twoHeadedGiant';
    this.teams = input.teams && shared ? Object.fromEntries(input.teams.map((team) => [team.join('+'), [...team]])) : null;
    this.sides = this.teams ? Object.keys(this.teams) : [...this.players];
    this.n = this.sides.length;
    this.twoHeadedGiant = input.options?.variant === 'twoHeadedGiant';
    // 103.8a–c: two players (two one-player teams too), or Two-Headed Giant's starting team (810.6)
    this.skipFirstDraw = input.options?.skipFirstDraw ?? (this.twoHeadedGiant || this.players.length === 2);
    this.hands = Object.fromEntries(this.players.map((p) => [p, input.options?.hands?.[p] ?? 7]));
    this.maxHandSize = input.options?.maxHandSize ?? 7;
    this.triggerOrder = input.options?.triggerOrder ?? 'triggered';
  }

  /** Checks one event's effects; returns the violations it revealed (also kept in `violations`). */
  observe(o: Observation): Violation[] {
    this.batch = [];
    this.checkEvent(o);
    if (o.refusal === null && o.event) this.checkSender(o.event, o.records);
    if (o.refusal === null && o.event) this.learnFromAcceptedEvent(o.event);
    for (const record of o.records) this.onRecord(record, o);
    if (this.addIgnoredDue !== 0) this.fail('500.10a', `${Math.abs(this.addIgnoredDue)} addition(s) for a player outside their turn ${this.addIgnoredDue > 0 ? 'not recorded addIgnored' : 'recorded addIgnored in their turn'}`);
    this.addIgnoredDue = 0;
    if (this.controlRecordsDue.length > 0) this.fail('722.1', `control records due after turn ${this.turn} began were not made: ${this.controlRecordsDue.map((d) => `${d.type} ${d.player}`).join(', ')}`);
    this.controlRecordsDue = [];
    this.endOfShortcutBatch();
    this.flushDiscards();
    this.checkBatch(o);
    this.checkSnapshot(o.after);
    this.at += 1;
    this.violations.push(...this.batch);
    return this.batch;
  }

  private fail(rule: string, message: string): void {
    this.batch.push({ rule, message, at: this.at });
  }

  /** A rule's number, with the team rule first in a game with teams (805.x/117.x). */
  private rule(teamRule: string, rule: string): string {
    return this.teams ? `${teamRule}/${rule}` : rule;
  }

  // ---- sides (805) -------------------------------------------------------------------

  /** The side a player or a side id names: a player's team with teams, else the player. */
  private sideOf(who: string): string {
    if (this.teams === null || this.teams[who] !== undefined) return who;
    for (const [team, players] of Object.entries(this.teams)) if (players.includes(who)) return team;
    return who;
  }

  private playersOf(side: string): PlayerId[] {
    return this.teams?.[side] ?? [side];
  }

  /** 805.4, 805.9: the active side's players (every one an active player). */
  private activePlayers(): PlayerId[] {
    return this.active === null ? [] : this.playersOf(this.active).filter((p) => !this.left.includes(p));
  }

  /** Whether it is `who`'s turn now (a player's team's turn, or a team's; no one named: anyone's). */
  private isTurnOf(who: string | undefined): boolean {
    return who === undefined || this.sideOf(who) === this.active;
  }

  /** A side's seat counted from the active side (APNAP, 101.4, 805.6). */
  private seat(side: string): number {
    if (this.active === null) return -1;
    return (this.sides.indexOf(side) - this.sides.indexOf(this.active) + this.n) % this.n;
  }

  /** 800.4a: the next side in turn order still in the game. */
  private nextSide(side: string): string {
    for (let i = 1; i <= this.n; i += 1) {
      const next = this.sides[(this.sides.indexOf(side) + i) % this.n];
      if (this.isIn(next)) return next;
    }
    return side;
  }

  /** 800.4, 810.8a: a side is in the game while one of its players is. */
  /** 500.10a, 800.4j: "you get" an addition only in your own turn, while you are still in the game. */
  private isGivenNow(who: string | undefined): boolean {
    return who === undefined || (this.isTurnOf(who) && this.active !== null && this.isIn(this.active));
  }

  private isIn(side: string): boolean {
    return this.playersOf(side).some((p) => !this.left.includes(p));
  }

  private sidesIn(): string[] {
    return this.sides.filter((s) => this.isIn(s));
  }

  /** 800.4j: who receives priority where the active player would: the active side, or the next still in the game. */
  private activeReceiver(): string | null {
    if (this.active === null) return null;
    return this.isIn(this.active) ? this.active : this.nextSide(this.active);
  }

  /** The sides named by one effect (805.8: each team among them once). */
  private sidesOfPlayers(players: readonly PlayerId[]): string[] {
    return [...new Set(players.map((p) => this.sideOf(p)))];
  }

  // ---- the event itself ------------------------------------------------------------

  private checkEvent(o: Observation): void {
    if (!o.event || !o.before) return;
    const predicted = explainRefusal(o.before, o.event);
    if ((predicted === null) !== (o.refusal === null)) {
      this.fail('117/event', `explainRefusal said ${predicted ? `"${predicted.reason}"` : 'legal'} but the machine ${o.refusal ? `refused it ("${o.refusal.reason}")` : 'accepted it'}: ${JSON.stringify(o.event)}`);
    } else if (predicted && o.refusal && (predicted.rule !== o.refusal.rule || predicted.reason !== o.refusal.reason)) {
      this.fail('117/event', `explainRefusal (${predicted.rule}: ${predicted.reason}) differs from the refusal (${o.refusal.rule}: ${o.refusal.reason})`);
    }
    // 104.2a: a game that is over refuses everything; 800.4a: a player who left acts no more (104.3a: nor concedes)
    if (this.over && o.refusal === null) this.fail('104.2a', `${o.event.type} was accepted after the game ended`);
    const actor = actorOf(o.event);
    if (actor !== null && o.refusal === null && (this.teams?.[actor] !== undefined ? !this.isIn(actor) : this.left.includes(actor))) {
      this.fail('800.4a', `${o.event.type} of ${actor}, who left the game, was accepted`);
    }
    if (o.event.type === 'player.concede' && o.refusal === null) this.expectedDepartures.push({ player: o.event.player, reason: 'conceded' });
    if (o.refusal) {
      if (o.records.length > 0) this.fail('event', `a refused ${o.event.type} recorded history: ${o.records.map((r) => r.type).join(', ')}`);
      if (!sameJson(o.before.value, o.after.value)) this.fail('event', `a refused ${o.event.type} changed the state ${JSON.stringify(o.before.value)} → ${JSON.stringify(o.after.value)}`);
      if (!sameJson(o.before.context, o.after.context)) this.fail('event', `a refused ${o.event.type} changed the context`);
      if (!o.refusal.rule || !o.refusal.reason) this.fail('event', 'a refusal must name a reason and a rule');
    } else {
      this.checkOrderWait(o.event, o.before);
      this.checkAcceptedAction(o.event);
    }
  }

  /** 603.3b, 805.7: while the game waits for an order of triggered abilities nobody holds priority; an order comes only from the side asked. */
  private checkOrderWait(event: TurnEvent, before: TurnSnapshot): void {
    const waiting = waitingFor(before) === 'orderTriggers';
    if (waiting && PLAYER_ACTIONS.includes(event.type)) this.fail('603.3b/117', `${event.type} was accepted while the game waited for an order of triggered abilities`);
    if (event.type !== 'triggers.order') return;
    const asked = waiting ? this.pass?.sides[0] : undefined;
    const by = event.player ?? event.team ?? '';
    if (asked === undefined || this.sideOf(by) !== asked) {
      this.fail(this.rule('805.7', '603.3b'), `${by}'s order of triggered abilities was accepted; the game ${asked ? `waited for ${asked}'s` : 'waited for no order'}`);
      return;
    }
    const own = this.pass!.abilities.filter((a) => a.side === asked).map((a) => a.id);
    if (!sameJson([...own].sort(), [...event.order].sort())) {
      this.fail(this.rule('805.7', '603.3b'), `${by}'s order [${event.order.join(', ')}] was accepted; ${asked}'s abilities of this pass are [${own.join(', ')}]`);
    }
    this.givenOrder = { side: asked, order: [...event.order] };
  }

  /**
   * What a player's accepted action must have been allowed to do: act for the side holding priority
   * (117.3, 805.5a), restrictions a spell or ability adds (601.3, 602.5: combat, your turn), declarations
   * by the active side and the defending sides in turn order (508.1, 509.1, 805.10b/d), 508.1c.
   */
  private checkAcceptedAction(event: TurnEvent): void {
    switch (event.type) {
      case 'priority.pass':
      case 'spell.cast':
      case 'ability.activate': {
        const who = event.type === 'priority.pass' ? event.player : event.object.controller;
        if (this.holder !== null && this.sideOf(who) !== this.holder) {
          this.fail(this.rule('805.5a', '117.1'), `${who} acted (${event.type}) while ${this.holder} held priority`);
        }
        if (event.type === 'priority.pass') break;
        const { id, timing, controller } = event.object;
        const rule = event.type === 'spell.cast' ? '601.3' : '602.5';
        if (timing === 'combat' && this.openPhase !== 'combat') this.fail(rule, `${id} ("only during combat") was accepted in the ${this.openStep ?? this.openPhase}`);
        if (timing === 'yourTurn' && !this.isTurnOf(controller)) this.fail(this.rule('805.4', rule), `${id} ("only during your turn") was accepted from ${controller} in ${this.active}'s turn`);
        break;
      }
      case 'combat.declareAttackers': {
        const by = event.player ?? event.team ?? '';
        const side = this.sideOf(by);
        if (side !== this.active) this.fail(this.rule('805.10b', '508.1'), `${by} declared attackers in ${this.active}'s turn`);
        if (this.extraTurn) {
          const barred = event.attackers.filter((c) => c.cantAttackDuringExtraTurns).map((c) => c.id);
          if (barred.length > 0) this.fail('508.1c', `${barred.join(', ')} attacked during an extra turn (it can't)`);
        }
        this.checkControllers(event.attackers, side, '805.10b');
        if (this.teams) this.declaration = { type: 'attackersDeclared', team: side, player: event.player ?? this.playersOf(side)[0], ids: event.attackers.map((c) => c.id) };
        break;
      }
      case 'combat.declareBlockers': {
        const by = event.player ?? event.team ?? '';
        const side = this.sideOf(by);
        const expected = this.defendersLeft[0];
        if (side !== expected) this.fail(this.rule('805.10d', '509.1'), `${by} declared blockers; ${expected ?? 'no defending side'} was to declare (turn order from the active ${this.teams ? 'team' : 'player'})`);
        this.defendersLeft = this.defendersLeft.filter((s) => s !== side);
        this.checkControllers(event.blockers, side, '805.10d');
        if (this.teams) this.declaration = { type: 'blockersDeclared', team: side, player: event.player ?? this.playersOf(side)[0], ids: event.blockers.map((c) => c.id) };
        break;
      }
      default:
        break;
    }
  }

  /** 805.10b/d: each creature of a team's combined declaration is controlled by a player of that team. */
  private checkControllers(creatures: readonly CreatureSpec[], side: string, rule: string): void {
    for (const c of creatures) {
      if (c.controller !== undefined && this.sideOf(c.controller) !== side) this.fail(rule, `${c.id} (controlled by ${c.controller}) is in ${side}'s combined declaration`);
    }
  }

  private learnFromAcceptedEvent(event: TurnEvent): void {
    if (PLAYER_ACTIONS.includes(event.type) || event.type === 'triggers.order' || event.type.startsWith('shortcut.')) this.autoRun = 0;
    if (event.type === 'combat.declareBlockers' || event.type === 'shortcut.passUntil') this.declarationCheck = true;
    switch (event.type) {
      case 'spell.cast':
      case 'ability.activate':
        this.learnObject(event.object);
        this.stackKind.set(event.object.id, event.type === 'ability.activate' ? 'ability' : event.object.copy ? 'copy' : 'card');
        this.expectedHolder = this.sideOf(event.object.controller); // 117.3c, 805.5a: the caster's team keeps priority
        break;
      case 'trigger.report':
        this.learnObject(event.ability);
        break;
      case 'stateBasedActions.schedule':
        if (event.ability) this.learnObject(event.ability);
        this.scheduledActions += 1;
        break;
      case 'discard.schedule':
        this.learnObject(event.ability);
        this.onDiscard.push({ player: event.player, ability: event.ability });
        break;
      case 'combatant.set': {
        // 702.4, 702.7: what 510.4 looks at as the combat damage step begins
        const creature = this.combatants.get(event.id);
        if (creature) {
          this.combatants.set(event.id, {
            ...creature,
            ...(event.firstStrike !== undefined && { firstStrike: event.firstStrike }),
            ...(event.doubleStrike !== undefined && { doubleStrike: event.doubleStrike }),
          });
        }
        break;
      }
      case 'trigger.register':
        this.learnObject(event.trigger);
        this.registerAt(event.trigger, null, null);
        break;
      case 'target.invalidate':
        this.illegalTargets.add(event.id);
        break;
      case 'condition.set':
        if (event.value) this.falseConditions.delete(event.name);
        else this.falseConditions.add(event.name);
        break;
      case 'effect.create':
        this.durations.set(event.effect.id, event.effect.until);
        break;
      case 'mana.add':
        this.manaSource = true;
        break;
      case 'combat.declareAttackers': {
        // 506.4, 500.9: in an added declare attackers step, creatures already attacking stay attacking (as they were); the declared join them
        const attacking = (this.combat?.attackers ?? []).filter((c) => this.combatants.has(c.id));
        const joining = event.attackers.filter((c) => !attacking.some((a) => a.id === c.id));
        if (this.combat) this.combat.attackers = [...attacking, ...joining];
        for (const c of joining) this.combatants.set(c.id, c);
        // 508.8: no creature attacking — this combat's declare blockers and combat damage steps are skipped
        if (attacking.length + joining.length === 0) this.stepQueue = this.stepQueue.filter((s) => s !== 'declareBlockers' && s !== 'combatDamage');
        this.declaredThisStep = true;
        break;
      }
      case 'combat.declareBlockers':
        if (this.combat) this.combat.blockers.push(...event.blockers);
        for (const c of event.blockers) this.combatants.set(c.id, c);
        break;
      default:
        break;
    }
  }

  private learnObject(spec: StackObjectSpec | AtTriggerSpec): void {
    this.specs.set(spec.id, spec);
    this.learnEffects(spec.effects ?? []);
  }

  private learnEffects(effects: readonly ResolutionEffect[]): void {
    for (const effect of effects) {
      if ('trigger' in effect) this.learnObject(effect.trigger);
      else if ('cast' in effect) { this.learnObject(effect.cast); this.stackKind.set(effect.cast.id, effect.cast.copy ? 'copy' : 'card'); }
      else if ('at' in effect) this.learnObject(effect.at);
      else if ('createEffect' in effect) this.durations.set(effect.createEffect.id, effect.createEffect.until);
      else if ('onlyIf' in effect) this.learnEffects(effect.onlyIf.then);
    }
  }

  private specOf(id: string): StackObjectSpec | AtTriggerSpec | undefined {
    return this.specs.get(id) ?? this.specs.get(id.split('@')[0]);
  }

  /**
   * 500.6, 603.7: an AT is registered. `thisTurn` belongs to this turn, `thatTurn` to the extra turn the
   * resolution's last `extraTurn` made, `thatPhase` to the phases its last `addPhases` added (none made:
   * it names nothing and is not kept); `nextTurnOf` waits to be bound as that side's next turn begins.
   */
  private registerAt(at: AtTriggerSpec, lastExtraTurn: number | null, lastAddedPhases: number[] | null): void {
    const binding = bindingOf(at);
    if (binding === 'thatTurn') {
      if (lastExtraTurn !== null) this.ats.push({ ...at, binding, boundTo: lastExtraTurn });
    } else if (binding === 'thatPhase') {
      if (lastAddedPhases !== null && lastAddedPhases.length > 0) this.ats.push({ ...at, binding, boundTo: this.turnIdentity, phases: lastAddedPhases });
    } else if (binding === 'thisTurn') this.ats.push({ ...at, binding, boundTo: this.turnIdentity });
    else this.ats.push(binding ? { ...at, binding } : at);
  }

  /** The next turn that is not skipped: its side and identity, and whether it is an extra turn (500.7, 500.11, 101.4, 805.8; 800.4k: a departed side's too). */
  private nextTurn(): { side: string; id: number; extra: boolean } {
    for (;;) {
      let next = this.oracle.extra.shift();
      const extra = next !== undefined;
      if (next === undefined) {
        next = { side: this.sides[this.oracle.regular], id: this.oracle.nextId++ };
        this.oracle.regular = (this.oracle.regular + 1) % this.n;
      }
      const skip = this.oracle.skips.indexOf(next.side);
      if (skip < 0) return { ...next, extra };
      this.oracle.skips.splice(skip, 1);
      this.dropAtsOf(next.id); // 500.11, 603.7: a skipped turn takes with it what is bound to it
    }
  }

  /** 500.7, 500.11, 805.8: the sides of the next `count` turns, as the oracle would take them (nothing is used up). */
  private upcomingSides(count: number): string[] {
    const extra = [...this.oracle.extra];
    const skips = [...this.oracle.skips];
    let regular = this.oracle.regular;
    const sides: string[] = [];
    if (this.over) return []; // 104.2a
    while (sides.length < count) {
      const side = extra.shift()?.side ?? this.sides[regular++ % this.n];
      const skip = skips.indexOf(side);
      if (skip >= 0) skips.splice(skip, 1);
      else if (this.isIn(side)) sides.push(side); // 800.4k: a departed side's turns do not begin
    }
    return sides;
  }

  private dropAtsOf(turnIdentity: number): void {
    this.ats = this.ats.filter((at) => at.boundTo !== turnIdentity);
  }

  /** What a resolution changes in the plan of turns and phases and the registered ATs, effect by effect (608.2c). */
  private applyResolvedEffects(effects: readonly ResolutionEffect[]): void {
    const made = { lastExtraTurn: null as number | null, lastAddedPhases: null as number[] | null };
    const leaving = [...this.left];
    let ended = false;
    const apply = (list: readonly ResolutionEffect[]) => {
      for (const effect of list) {
        if (ended) return; // 104.2a: the resolution stops where the game ended
        if ('loseGame' in effect) {
          // 104.3e, 810.8a: the player (their 2HG team) leaves; one side left: the game ends
          const { player } = effect.loseGame;
          if (leaving.includes(player)) continue;
          this.expectedDepartures.push({ player, reason: 'lost' });
          leaving.push(...(this.twoHeadedGiant ? this.playersOf(this.sideOf(player)) : [player]));
          ended = this.sides.filter((s) => this.playersOf(s).some((p) => !leaving.includes(p))).length <= 1;
        } else if ('extraTurn' in effect) {
          // 805.8: a player's extra turn is their team's; one effect naming several players of one team: one extra turn.
          // 500.7: several players' are added one at a time in APNAP order (101.4), each taken before those added earlier.
          // 800.4k: a player who has left gets no turn.
          const named = this.sidesOfPlayers(effect.extraTurn.players ?? [effect.extraTurn.player!])
            .filter((side) => this.playersOf(side).some((p) => !leaving.includes(p)));
          made.lastExtraTurn = null;
          for (const side of [...this.sides].sort((a, b) => this.seat(a) - this.seat(b)).filter((s) => named.includes(s))) {
            made.lastExtraTurn = this.oracle.nextId++;
            this.oracle.extra.unshift({ side, id: made.lastExtraTurn });
          }
          if (this.teams) this.teamTurnEffects = true;
        } else if ('controlNextTurn' in effect) {
          // 722.1, 805.8: control of the player's side during its next turn
          const { player, controller, thenExtraTurn } = effect.controlNextTurn;
          this.pendingControl.push({ side: this.sideOf(player), controller, thenExtraTurn: thenExtraTurn === true });
        } else if (('addStep' in effect || 'addPhases' in effect) && !this.isGivenNow(('addStep' in effect ? effect.addStep : effect.addPhases).player)) {
          // 500.10a: "that player gets" an additional step or phase: nothing outside that player's (team's) turn,
          // nor in a turn whose active player left the game (800.4j: nobody's "your turn")
          this.addIgnoredDue += 1;
        } else if ('at' in effect) {
          this.registerAt(effect.at, made.lastExtraTurn, made.lastAddedPhases);
        } else if ('skip' in effect) {
          this.addSkip(effect.skip);
        } else if ('addStep' in effect) {
          this.stepAdded = true;
          this.planStep(effect.addStep.step, effect.addStep.afterPhase === true, effect.addStep.count ?? 1);
        } else if ('addPhases' in effect) {
          this.phasesAdded = true;
          made.lastAddedPhases = this.planPhases(effect.addPhases.phases, effect.addPhases.afterFirst);
        } else if ('onlyIf' in effect) {
          // 608.2c: the game's state at this point of the resolution
          const firstCombatPhase = this.openPhase === 'combat' && this.phasesBegun.filter((p) => p === 'combat').length === 1;
          const { firstCombatPhase: wantFirst, extraTurn: wantExtra, then } = effect.onlyIf;
          if ((wantFirst === undefined || wantFirst === firstCombatPhase) && (wantExtra === undefined || wantExtra === this.extraTurn)) apply(then);
        }
      }
    };
    apply(effects);
  }

  /** 500.11, 805.8: a skip; one effect naming several players of a team: that team skips once. */
  private addSkip(skip: Extract<ResolutionEffect, { skip: unknown }>['skip']): void {
    const sides = this.sidesOfPlayers(skip.players ?? [skip.player!]);
    if (this.teams && (skip.players?.length ?? 0) > 1 && !skip.turn) this.teamSkipEffects = true;
    for (const side of sides) {
      if (skip.turn) {
        if (!skip.each) this.oracle.skips.push(side);
        if (this.teams) this.teamTurnEffects = true;
        continue;
      }
      this.sidesWithSkips.add(side);
      const each = skip.each === true;
      const [kind, id]: [PendingSkip['kind'], PendingSkip['id']] = skip.step !== undefined ? ['step', skip.step] : ['phase', skip.phase!];
      this.skips.push({ side, kind, id, each, turn: each && !skip.nextTurn && side === this.active ? this.turn : null });
    }
  }

  // ---- the plan of the turn's phases (500.1, 500.8, 500.10, 500.11, 723.1d) ----------------

  private newPhase(phase: PhaseId, steps: readonly StepId[] = STEPS_OF[phase]): PlannedPhase {
    return { id: this.nextPhaseId++, phase, steps: [...steps] };
  }

  /** 500.8: phases added directly after this one, or after the first of a kind this turn (World at War); their identities, or null. */
  private planPhases(phases: readonly PhaseId[], afterFirst: PhaseId | undefined): number[] | null {
    let at: number | null = 0;
    if (afterFirst !== undefined) {
      const begun = this.phasesBegun.filter((p) => p === afterFirst).length;
      if (begun > 0) at = begun === 1 && this.openPhase === afterFirst ? 0 : null;
      else {
        const ahead = this.plan.findIndex((p) => p.phase === afterFirst);
        at = ahead < 0 ? null : ahead + 1;
      }
    }
    if (at === null) return null;
    // 505.1a: an added main phase is a postcombat main phase
    const added = phases.map((p) => this.newPhase(p === 'precombatMain' ? 'postcombatMain' : p));
    this.plan.splice(at, 0, ...added);
    return added.map((p) => p.id);
  }

  /**
   * 500.9, 500.10: an added step directly after the current step; one of another phase, one added after the
   * phase, or one added in a main phase comes in a phase of its own (directly after this one).
   */
  private planStep(step: StepId, afterPhase: boolean, count: number): void {
    const own = PHASE_OF[step];
    for (let i = 0; i < count; i += 1) {
      if (!afterPhase && this.openStep !== null && own === this.openPhase) this.stepQueue.unshift(step);
      else this.plan.unshift(this.newPhase(own, [step]));
    }
  }

  /** The rule a departure from the plan of the turn breaks: 805.8's when one skip named several players of a team. */
  private planRule(rule: string): string {
    return this.teamSkipEffects ? `805.8/${rule}` : rule;
  }

  /** 500.11 (616.1, format): the skip that applies to this step or phase now — a "next" one before an "each" one. */
  private skipFor(kind: PendingSkip['kind'], id: StepId | PhaseId): PendingSkip | undefined {
    const applies = this.skips.filter((s) => s.kind === kind && s.id === id && s.side === this.active && (!s.each || s.turn === this.turn));
    return applies.find((s) => !s.each) ?? applies[0];
  }

  private useSkip(skip: PendingSkip): void {
    if (!skip.each) this.skips.splice(this.skips.indexOf(skip), 1);
  }

  /** The planned phases that are skipped before the next one begins (a "next" skip is used up). */
  private passSkippedPhases(): void {
    for (let skip = this.plan[0] && this.skipFor('phase', this.plan[0].phase); skip; skip = this.plan[0] && this.skipFor('phase', this.plan[0].phase)) {
      this.plan.shift();
      this.useSkip(skip);
    }
  }

  /**
   * The step of this phase that begins next: skipped ones are passed over (500.11; a skipped declare attackers
   * step declares nothing, 508.8), and a first-strike damage step comes before combat damage when a first or
   * double striker is in combat (510.4); null: none is left.
   */
  private nextPlannedStep(): StepId | null {
    for (;;) {
      const head = this.stepQueue[0];
      if (head === undefined) return null;
      const skip = this.skipFor('step', head);
      if (skip) {
        this.stepQueue.shift();
        this.useSkip(skip);
        if (head === 'declareAttackers') this.stepQueue = this.stepQueue.filter((s) => s !== 'declareBlockers' && s !== 'combatDamage');
        continue;
      }
      if (head === 'combatDamage' && !this.firstStrikeStepDone && [...this.combatants.values()].some(hasFirstStrike)) {
        this.firstStrikeStepDone = true;
        return 'firstStrikeDamage';
      }
      return this.stepQueue.shift()!;
    }
  }

  // ---- 732.2: standing passes ------------------------------------------------------------

  /**
   * A standing pass keeps its word: it is set by an accepted `shortcut.passUntil` (shortcutSet), ends
   * only where the format says — right after the record that reached its end or condition, before
   * anything else happens (the `due` list), when replaced, cancelled or at the bound — and while it is
   * in force its side passes at once each time it receives priority (recorded as any pass, 117.3d).
   * Returns true for the standing-pass records themselves (nothing else of the monitor reads them).
   */
  private onShortcutRecord(r: HistoryRecord, o: Observation): boolean {
    if (r.type === 'shortcutSet') {
      const side = this.sideOf(r.team ?? r.player);
      const event = o.event?.type === 'shortcut.passUntil' ? o.event : null;
      if (!event || this.sideOf(event.player) !== side) { this.fail('732.2a', `${side}'s standing pass was set without a passUntil of it`); return true; }
      if (this.standing.has(side)) this.fail('732.2a', `${side}'s new standing pass was set with the old one still in force (it is replaced: shortcutEnded first)`);
      if (JSON.stringify(r.until) !== JSON.stringify(event.until)) this.fail('732.2a', `shortcutSet records until ${JSON.stringify(r.until)}, the event said ${JSON.stringify(event.until)}`);
      this.standing.set(side, {
        player: r.player, until: event.until, unless: event.unless ?? ['opponentCasts', 'opponentActivates', 'ownTrigger'], stops: event.stops ?? [],
        noAttackers: event.declareNoAttackers === true, noBlockers: event.declareNoBlockers === true,
      });
      this.declarationCheck = true;
      return true;
    }
    if (r.type === 'shortcutEnded') {
      const side = this.sideOf(r.team ?? r.player);
      if (!this.standing.has(side)) this.fail('732.2', `${side}'s standing pass ended (${r.reason}) but none was in force`);
      const due = this.due.some((d) => d.side === side);
      const byEvent = (r.reason === 'replaced' && o.event?.type === 'shortcut.passUntil') || (r.reason === 'cancelled' && o.event?.type === 'shortcut.cancel');
      const bound = r.reason === 'loopGuard' && this.autoRun >= AUTOMATIC_PASS_BOUND;
      // "ends as this turn ends, just before its turnEnded": checked on the next record
      const endOfTurn = r.reason === 'until' && this.standing.get(side)?.until.endOfTurn === true;
      if (endOfTurn) this.turnEndDue = true;
      if (!due && !byEvent && !bound && !endOfTurn) this.fail('732.2', `${side}'s standing pass ended (${r.reason}) where nothing ends it`);
      if (r.reason === 'loopGuard' && this.mustPass === side) this.mustPass = null;
      if (r.reason === 'loopGuard' && !bound) this.fail('732.2', `the loop guard ended ${side}'s pass after ${this.autoRun} automatic passes`);
      this.standing.delete(side);
      this.due = this.due.filter((d) => d.side !== side);
      return true;
    }
    // Any other record: the passes that had to end before it did not.
    for (const d of this.due) this.fail('732.2', `${d.side}'s standing pass went on past ${d.why}`);
    this.due = [];
    if (this.turnEndDue && r.type !== 'turnEnded') this.fail('732.2', `a pass until end of turn ended, and ${r.type} came before turnEnded`);
    this.turnEndDue = false;
    if (this.mustPass !== null && r.type !== 'passed') {
      this.fail('732.2', `${this.mustPass} received priority with a standing pass in force and did not pass at once (${r.type} came next)`);
      this.mustPass = null;
    }
    if (r.type !== 'stepBegan' && r.type !== 'phaseBegan' && this.declarationCheck) this.autoDeclare();
    this.shortcutsSee(r);
    return false;
  }

  /** The ends a record reaches: its until, a stop, an `unless` condition (732.2b); just before turnEnded, `endOfTurn`. */
  private shortcutsSee(r: HistoryRecord): void {
    if (r.type === 'stepBegan' && (r.step === 'declareAttackers' || r.step === 'declareBlockers')) this.declarationCheck = true;
    if (this.standing.size === 0) return;
    for (const [side, pass] of this.standing) {
      const u = pass.until;
      const at = (kind: 'step' | 'phase', what: string) => (u[kind] === what && this.isTurnOf(u.turnOf))
        || pass.stops.some((s) => s[kind] === what && (s.whose === undefined || (s.whose === 'own') === (side === this.active)));
      if ((r.type === 'stepBegan' && at('step', r.step!)) || (r.type === 'phaseBegan' && at('phase', r.phase!))) this.due.push({ side, why: `the ${r.type === 'stepBegan' ? r.step : r.phase} that ends it` });
      if (r.type === 'turnBegan' && u.nextTurnOf !== undefined && this.sideOf(u.nextTurnOf) === this.sideOf(r.team ?? r.player)) this.due.push({ side, why: `the beginning of ${u.nextTurnOf}'s next turn` });
      if (r.type === 'turnEnded' && u.endOfTurn) this.fail('732.2', `turn ${r.turn} ended with ${side}'s pass until end of turn in force (it ends just before)`);
      if (r.type === 'putOnStack') {
        const spec = this.specs.get(r.id) ?? this.specs.get(r.id.split('@')[0]);
        if (!spec) continue;
        const by = this.sideOf(spec.controller);
        const condition: ShortcutCondition = this.pending.includes(r.id) ? 'ownTrigger' : this.stackKind.get(r.id) === 'ability' ? 'opponentActivates' : 'opponentCasts';
        const applies = condition === 'ownTrigger' ? by === side : by !== side;
        if (applies && pass.unless.includes(condition)) this.due.push({ side, why: `${r.id} (${condition})` });
      }
    }
  }

  /** 508.1, 509.1, 732.2: a declaration a standing pass makes (none), learned as the event it stands for. */
  private autoDeclare(): void {
    this.declarationCheck = false;
    for (let guard = 0; guard < 16; guard += 1) {
      if (this.openStep === 'declareAttackers' && !this.declaredThisStep && this.active !== null) {
        const pass = this.standing.get(this.active);
        if (!pass?.noAttackers) return;
        const event: TurnEvent = { type: 'combat.declareAttackers', player: pass.player, attackers: [] };
        this.checkAcceptedAction(event);
        this.learnAutomatically(event);
      } else if (this.openStep === 'declareBlockers' && this.defendersLeft.length > 0) {
        const pass = this.standing.get(this.defendersLeft[0]);
        if (!pass?.noBlockers) return;
        const event: TurnEvent = { type: 'combat.declareBlockers', player: pass.player, blockers: [] };
        this.checkAcceptedAction(event);
        this.learnAutomatically(event);
      } else return;
      this.declarationCheck = false;
    }
  }

  /** An automatic declaration is learned as the event, but it is no decision by hand: the run of automatic passes goes on. */
  private learnAutomatically(event: TurnEvent): void {
    const run = this.autoRun;
    this.learnFromAcceptedEvent(event);
    this.autoRun = run;
  }

  /** At rest: no pass may still be due, and nobody holds priority while their pass holds. */
  private endOfShortcutBatch(): void {
    if (this.declarationCheck) this.autoDeclare();
    if (this.turnEndDue) this.fail('732.2', 'a pass until end of turn ended, and the turn did not');
    this.turnEndDue = false;
    for (const d of this.due) this.fail('732.2', `${d.side}'s standing pass is still in force after ${d.why}`);
    this.due = [];
    if (this.mustPass !== null) this.fail('732.2', `${this.mustPass} holds priority with a standing pass in force`);
    this.mustPass = null;
  }

  // ---- the history records, in order --------------------------------------------------

  private onRecord(r: HistoryRecord, o: Observation): void {
    if (this.onShortcutRecord(r, o)) return;
    if (r.type !== 'turnBegan') this.checkControlRecord(r);
    // (800.4d: an ability of a departed player is removed at once as it triggers: its removal comes between them)
    const removedAtOnce = r.type === 'triggerRemoved' && r.rule === '800.4d';
    if (this.mustTrigger && r.type !== 'triggered' && r.type !== 'effectEnded' && !removedAtOnce) {
      if (this.mustTrigger.length > 0) {
        this.fail(atRule(this.mustTrigger), `"at the beginning of" abilities ${atList(this.mustTrigger)} did not trigger as ${this.lastStepBegun ?? this.openPhase} began`);
      }
      this.mustTrigger = null;
    }
    if (r.type !== 'discarded') this.flushDiscards();
    if (this.mustTriggerOnDiscard && r.type !== 'triggered' && !removedAtOnce) {
      const { players, ids } = this.mustTriggerOnDiscard;
      if (ids.length > 0) this.fail('603.2/514.1', `${ids.join(', ')} did not trigger as ${players.join(' and ')} discarded`);
      this.mustTriggerOnDiscard = null;
    }
    this.trackDeparture(r);
    switch (r.type) {
      case 'turnBegan': this.onTurnBegan(r.player, r.team, r.turn); break;
      case 'turnEnded': this.onTurnEnded(); break;
      case 'phaseBegan': this.onPhaseBegan(r.phase!); break;
      case 'phaseEnded': this.onPhaseEnded(r.phase!); break;
      case 'stepBegan': this.onStepBegan(r.step!); break;
      case 'stepEnded': this.onStepEnded(r.step!); break;
      case 'priority': this.onPriority(r, r.phase, r.step); break;
      case 'passed': this.onPassed(r, o.event); break;
      case 'putOnStack': this.onPutOnStack(r.id); break;
      case 'resolved':
      case 'didNotResolve': this.onResolution(r.id, r.type === 'resolved'); break;
      case 'moved':
      case 'merged':
      case 'ceasedToExist':
        if (r.type !== 'merged' && r.rule === '800.4a') this.onDepartedObject(r.id, r.type);
        else this.onLeftStack(r.id, r.type === 'moved' ? r.to : r.type);
        break;
      case 'triggered': {
        const spec = this.specOf(r.id);
        if (spec?.if !== undefined && this.falseConditions.has(spec.if)) this.fail('603.4', `${r.id} triggered although its condition ${spec.if} is false`);
        this.onTriggered(r.id, spec);
        this.pending.push(r.id);
        // (800.4d: one a departed player would control never waits: it gives no cleanup priority)
        if (this.openStep === 'cleanup' && !this.cleanup.window && !this.left.includes(spec?.controller ?? '')) this.cleanup.cause = true;
        break;
      }
      case 'triggerRemoved':
        if (r.rule === '800.4d') {
          const controller = this.specOf(r.id)?.controller;
          if (controller === undefined || !this.left.includes(controller)) this.fail('800.4d', `trigger ${r.id} removed as a departed player's; its controller ${controller} is in the game`);
          if (this.departure) takeOne(this.departure.triggers, r.id);
          if (this.pass) this.pass.abilities = this.pass.abilities.filter((a) => a.id !== r.id);
        } else if (!this.procedure || !this.procedure.pendingAtStart.has(r.id)) {
          this.fail('723.1a', `trigger ${r.id} removed although it did not wait when a 723 procedure began`);
        }
        this.pending = this.pending.filter((id) => id !== r.id);
        break;
      case 'stateBasedActions':
        this.closeTriggerPass();
        // 704.3: the check performs what the host scheduled (whether or not its ability then triggers, 603.4).
        if (this.scheduledActions > 0 && this.openStep === 'cleanup' && !this.cleanup.window) this.cleanup.cause = true;
        this.scheduledActions = 0;
        if (this.procedure) {
          this.procedure.sbaChecked = true;
          const left = this.pending.filter((id) => this.procedure!.pendingAtStart.has(id));
          if (left.length > 0) this.fail('723.1a', `triggers ${left.join(', ')} still wait after the 723 procedure's state-based-action check`);
          const onStack = this.stack.filter((id) => this.procedure!.stackAtStart.has(id));
          if (onStack.length > 0) this.fail('723.1b', `${onStack.join(', ')} still on the stack at 723.1c`);
        }
        break;
      case 'effectCreated':
        this.effects.push({ id: r.id, until: this.durations.get(r.id), expired: false, ended: false });
        break;
      case 'effectEnded': {
        const effect = this.effects.find((e) => e.id === r.id && !e.ended);
        if (!effect) this.fail('611', `effect ${r.id} ended but was not in force`);
        else effect.ended = true;
        // 500.5 (also inside 723.1d / 723.2d): "until end of combat" ends as the combat phase ends, after its last step ended
        const until = effect?.until;
        const ofCombat = until === 'endOfCombat' || (typeof until === 'object' && 'endOfCombatOnNextTurnOf' in until);
        if (ofCombat && this.openStep !== null && this.openPhase === 'combat') this.fail('500.5', `effect ${r.id} (until end of combat) ended before the ${this.openStep} step did`);
        break;
      }
      case 'removedFromCombat':
        this.combatants.delete(r.id);
        break;
      case 'playerLeft': this.onPlayerLeft(r); break;
      case 'leftGame': this.onLeftGame(r.id); break;
      case 'turnDidNotBegin': this.onTurnDidNotBegin(r.team ?? r.player, r); break;
      case 'gameEnded': {
        const winners = this.players.filter((p) => !this.left.includes(p));
        if (this.sidesIn().length > 1 || !sameJson(r.winners, winners)) this.fail(this.rule('104.2c', '104.2a'), `the game ended with winners ${r.winners.join(', ')}; the players still in the game are ${winners.join(', ')}`);
        if (r.rule !== (this.teams ? '104.2c' : '104.2a')) this.fail('104.2a', `gameEnded cites ${r.rule}`);
        this.over = true;
        this.procedure = null; // the resolution, and the procedure it began, stop here
        this.holder = null;
        this.expectedHolder = null;
        this.pass = null;
        break;
      }
      case 'manaEmptied':
        break;
      case 'discarded':
        if (r.step !== 'cleanup') this.fail('514.1', `discarded to hand size in ${r.step ?? r.phase}`);
        if (!this.activePlayers().includes(r.player) || r.count !== this.hands[r.player] - this.maxHandSize) {
          this.fail(this.rule('805.9', '514.1'), `${r.player} discarded ${r.count} with ${this.hands[r.player]} cards in hand (maximum ${this.maxHandSize}) in ${this.active}'s turn`);
        }
        if (this.discarding.includes(r.player)) this.fail('514.1', `${r.player} discarded twice at once`);
        if (this.discarding.some((p) => this.players.indexOf(p) > this.players.indexOf(r.player))) {
          this.fail('805.6', `${r.player}'s discard was recorded after ${this.discarding.join(', ')}'s: the active team's players discard in the team's order`);
        }
        this.hands[r.player] -= r.count;
        this.toDiscard = this.toDiscard.filter((p) => p !== r.player);
        this.discarding.push(r.player);
        break;
      case 'turnEndedByEffect':
      case 'combatEndedByEffect':
        this.onProcedureStart(r.type === 'turnEndedByEffect' ? 'endTurn' : 'endCombat', r.phase, r.source);
        break;
      case 'endCombatIgnored':
        if (r.phase === 'combat') this.fail('723.2g', `ending combat was ignored during a combat phase (${r.source})`);
        break;
      case 'addIgnored':
        if (this.isGivenNow(r.player)) this.fail('500.10a', `${r.source}'s addition for ${r.player} was ignored in ${r.player}'s own turn`);
        this.addIgnoredDue -= 1;
        break;
      case 'attackersDeclared':
      case 'blockersDeclared': {
        const expected = this.declaration?.type === r.type ? this.declaration : null;
        const ids = r.type === 'attackersDeclared' ? r.attackers : r.blockers;
        if (!expected) this.fail(this.teams ? (r.type === 'attackersDeclared' ? '805.10b' : '805.10d') : 'history', `${r.type} recorded without ${this.teams ? 'a declaration by that team' : 'teams'}`);
        else if (!sameJson({ team: r.team, player: r.player, ids }, { team: expected.team, player: expected.player, ids: expected.ids })) {
          this.fail(r.type === 'attackersDeclared' ? '805.10b' : '805.10d', `${r.type} ${JSON.stringify({ team: r.team, player: r.player, ids })}; the declaration was ${JSON.stringify(expected)}`);
        }
        this.declaration = null;
        break;
      }
      default:
        break;
    }
    this.lastRecordType = r.type;
  }

  // ---- leaving the game (800.4): the monitor's own shadow of it ---------------------------

  /** 104.3a, 104.3e, 810.8a–b: a player leaves (with teammates in Two-Headed Giant); what must go with them, from the shadow. */
  private onPlayerLeft(r: Extract<HistoryRecord, { type: 'playerLeft' }>): void {
    if (this.departure !== null && r.reason === 'team') {
      const first = this.departure.players[0];
      if (!this.departure.players.includes(r.player) || r.player === first || this.left.includes(r.player)) this.fail('810.8a', `${r.player} left with ${first}'s team, but is not a teammate still in the game`);
      if (r.rule !== (this.departure.reason === 'conceded' ? '810.8b' : '810.8a')) this.fail('810.8a', `${r.player}'s departure with the team cites ${r.rule}`);
      this.left.push(r.player);
      return;
    }
    if (this.departure) this.finishDeparture();
    const expected = this.expectedDepartures.shift();
    if (!expected || expected.player !== r.player || expected.reason !== r.reason) {
      this.fail('104.3a/104.3e', `${r.player} left the game (${r.reason}); expected ${expected ? `${expected.player} (${expected.reason})` : 'no departure'}`);
    }
    if (r.rule !== (r.reason === 'conceded' ? '104.3a' : '104.3e')) this.fail('104.3a/104.3e', `${r.player}'s departure (${r.reason}) cites ${r.rule}`);
    if (this.left.includes(r.player)) this.fail('104.3a', `${r.player} left the game twice`);
    const players = this.twoHeadedGiant ? [r.player, ...this.playersOf(this.sideOf(r.player)).filter((p) => p !== r.player && !this.left.includes(p))] : [r.player];
    const departure: Departure = { players, reason: r.reason === 'lost' ? 'lost' : 'conceded', stage: 0, owned: [], abilities: [], exiled: [], triggers: [] };
    for (const id of this.stack) {
      const spec = this.specOf(id) as StackObjectSpec | undefined;
      if (!spec) continue;
      if (this.stackKind.get(id) === 'ability') {
        if (players.includes(spec.controller)) departure.abilities.push(id);
      } else if (players.includes(spec.owner ?? spec.controller)) departure.owned.push(id);
      else if (players.includes(spec.controller)) departure.exiled.push(id);
    }
    for (const id of this.pending) if (players.includes(this.specOf(id)?.controller ?? '')) departure.triggers.push(id);
    // 800.4a, 722.1: the control in force by or over them ends at once (controlEnded, 800.4a), Emrakul's extra turn with
    // it if the controlled side left; the control effects waiting, by them or over them, never apply
    const sideGone = (side: string) => this.playersOf(side).every((p) => players.includes(p) || this.left.includes(p));
    if (this.control && (players.includes(this.control.controller) || sideGone(this.control.side))) {
      for (const p of this.playersOf(this.control.side)) this.departureControlDue.push({ player: p, controller: this.control.controller });
      if (sideGone(this.control.side)) this.controlExtraTurns = 0;
      this.control = null;
    }
    this.pendingControl = this.pendingControl.filter((c) => !players.includes(c.controller) && !sideGone(c.side));
    this.departure = departure;
    this.left.push(r.player);
  }

  /** 800.4's order: the records of a departure come in its order; any other record ends it. */
  private trackDeparture(r: HistoryRecord): void {
    const d = this.departure;
    if (d === null || (r.type === 'playerLeft' && r.reason !== 'team')) return;
    const related = r.type === 'leftGame' || r.type === 'gameEnded' || r.type === 'playerLeft'
      || ('rule' in r && (r.rule === '800.4a' || r.rule === '800.4d'));
    if (!related) {
      this.finishDeparture();
      return;
    }
    const stage = DEPARTURE_STAGE[r.type];
    if (stage < d.stage) this.fail('800.4a/800.4d', `${r.type} ${'id' in r ? r.id : ''} came after a later step of 800.4 (its order: the players leave, their objects leave the game, their creatures leave combat, their abilities cease to exist, what they control is exiled, their waiting triggers are removed, then the game may end)`);
    d.stage = Math.max(d.stage, stage);
  }

  /** 800.4a, 800.4d, 104.2a: at the end of a departure, everything the shadow said had to go went; what comes after goes on without them. */
  private finishDeparture(): void {
    const d = this.departure!;
    this.departure = null;
    const left = (what: string[], rule: string, how: string) => {
      if (what.length > 0) this.fail(rule, `${what.join(', ')} of ${d.players.join(', ')}, who left, did not ${how}`);
    };
    left(d.owned, '800.4a', 'leave the game with their owner');
    left(d.abilities, '800.4a', 'cease to exist');
    left(d.exiled, '800.4a', 'go to exile (controlled by a departed player, owned by another)');
    left(d.triggers, '800.4d', 'get removed (waiting triggers of a departed player)');
    if (this.departureControlDue.length > 0) this.fail('800.4a', `the control of ${this.departureControlDue.map((c) => `${c.player} by ${c.controller}`).join(', ')} did not end as ${d.players.join(', ')} left`);
    this.departureControlDue = [];
    const missing = d.players.filter((p) => !this.left.includes(p));
    if (missing.length > 0) this.fail('810.8a', `${missing.join(', ')} did not leave with their team`);
    for (const p of d.players) this.hands[p] = 0;
    const sidesIn = this.sidesIn();
    if (sidesIn.length <= 1 && !this.over) this.fail(this.rule('104.2c', '104.2a'), `only ${sidesIn.join(', ') || 'nobody'} is left and the game did not end`);
    // 800.4a: priority passes on from a departed player; 117.4 (format): the passes restart
    const receiver = this.holder ?? this.expectedHolder;
    if (receiver !== null && !this.isIn(receiver)) {
      this.expectedHolder = this.over ? null : this.nextSide(receiver);
      this.holder = null;
    }
    if (!this.over) this.newRound();
    this.defendersLeft = this.defendersLeft.filter((s) => this.isIn(s));
    if (this.pass) this.pass.sides = this.pass.sides.filter((s) => this.isIn(s));
    this.skips = this.skips.filter((s) => this.isIn(s.side));
    this.oracle.skips = this.oracle.skips.filter((s) => this.isIn(s));
    // 800.4j, 508.8: the active player left before declaring attackers: the declaration is none
    if (this.openStep === 'declareAttackers' && !this.declaredThisStep && this.active !== null && !this.isIn(this.active)) this.declareNone();
  }

  /** 800.4j, 508.8: with no active player, no attackers are declared: this combat's blockers and damage steps are skipped. */
  private declareNone(): void {
    if (this.combat && this.combat.attackers === null) this.combat.attackers = [];
    if ((this.combat?.attackers?.length ?? 0) === 0) this.stepQueue = this.stepQueue.filter((s) => s !== 'declareBlockers' && s !== 'combatDamage');
    this.declaredThisStep = true;
  }

  /** 800.4a: an object owned by a player who left leaves the game. */
  private onLeftGame(id: string): void {
    const d = this.departure;
    if (!d) this.fail('800.4a', `${id} left the game without a player leaving`);
    const index = this.stack.lastIndexOf(id);
    this.goneWithPlayer.add(id);
    if (index >= 0) {
      if (d && !d.owned.includes(id)) this.fail('800.4a', `${id} left the game, but its owner is still in the game`);
      this.stack.splice(index, 1);
      if (this.resolving?.id === id) this.resolving = null;
    }
    if (d) takeOne(d.owned, id);
  }

  /** 800.4a: a departed player's ability ceases to exist; a spell (permanent) they control but do not own is exiled. */
  private onDepartedObject(id: string, type: 'moved' | 'ceasedToExist'): void {
    const d = this.departure;
    if (!d) this.fail('800.4a', `${id} ${type === 'moved' ? 'was exiled' : 'ceased to exist'} under 800.4a without a player leaving`);
    const expected = type === 'moved' ? d?.exiled : d?.abilities;
    const index = this.stack.lastIndexOf(id);
    this.goneWithPlayer.add(id);
    if (index >= 0) {
      if (expected && !expected.includes(id)) this.fail('800.4a', `${id} ${type === 'moved' ? 'was exiled' : 'ceased to exist'} under 800.4a, but it is not what 800.4a says of a departed player's objects`);
      this.stack.splice(index, 1);
      if (this.resolving?.id === id) this.resolving = null;
    }
    if (expected) takeOne(expected, id);
  }

  /** 800.4k: a departed side's turn does not begin; 800.4m: what waited for it ends as it would have begun (603.7: what is bound to it goes). */
  private onTurnDidNotBegin(side: string, r: Extract<HistoryRecord, { type: 'turnDidNotBegin' }>): void {
    if (r.rule !== '800.4k' || r.phase !== null || r.step !== null || r.turn !== this.turn) this.fail('800.4k', `turnDidNotBegin ${JSON.stringify(r)}: expected rule 800.4k, after turn ${this.turn}, no phase or step`);
    if (this.isIn(side)) this.fail('800.4k', `${side}'s turn did not begin, but ${side} is in the game`);
    const expected = this.nextTurn();
    if (expected.side !== side) this.fail('800.4k/500.7', `${side}'s turn was passed over; the turn order says ${expected.side}'s comes next`);
    const theirs = (who: string | undefined) => who !== undefined && this.sideOf(who) === side;
    for (const effect of this.effects) {
      const until = effect.until;
      if (typeof until !== 'object') continue;
      if (('nextTurnOf' in until && theirs(until.nextTurnOf)) || ('endOfCombatOnNextTurnOf' in until && effect.boundTurn === undefined && theirs(until.endOfCombatOnNextTurnOf))
        || ('beginningOf' in until && theirs(until.whoseTurn))) effect.expired = true;
    }
    this.ats = this.ats.filter((at) => !((at.binding === 'nextTurnOf' && at.boundTo === undefined && theirs(at.nextTurnOf)) || at.boundTo === expected.id));
  }

  /** 514.1, 603.2, 805.6: the discards of one cleanup are one event; what waited for any of them triggers, in the order scheduled. */
  private flushDiscards(): void {
    if (this.discarding.length === 0) return;
    const players = this.discarding;
    this.discarding = [];
    const waiting = this.onDiscard.filter((w) => players.includes(w.player));
    this.onDiscard = this.onDiscard.filter((w) => !players.includes(w.player));
    const ids = waiting.filter((w) => w.ability.if === undefined || !this.falseConditions.has(w.ability.if)).map((w) => w.ability.id);
    if (ids.length > 0) this.mustTriggerOnDiscard = { players, ids };
  }

  /**
   * 722.1: as a turn begins, the last turn's control ends, then of the effects waiting for this side's turn the
   * most recently created applies (722.1a; 722.1b: a skipped turn never begins, so they wait); records are due at once.
   */
  private beginTurnOfControl(side: string): void {
    const due: ControlRecordDue[] = [];
    if (this.control !== null) {
      const { side: was, controller } = this.control;
      due.push(...this.playersOf(was).map((p) => ({ type: 'controlEnded' as const, player: p, controller })));
      this.control = null;
    }
    const waiting = this.pendingControl.filter((c) => c.side === side);
    this.pendingControl = this.pendingControl.filter((c) => c.side !== side);
    this.controlExtraTurns = waiting.filter((c) => c.thenExtraTurn).length;
    const applies = waiting[waiting.length - 1];
    if (applies) {
      this.control = { side, controller: applies.controller };
      due.push(...this.playersOf(side).map((p) => ({ type: 'controlBegan' as const, player: p, controller: applies.controller })));
    }
    this.controlRecordsDue = due;
  }


  /** 722.1, 722.9: who makes a side's decisions instead of it (null: the side itself; control of oneself changes nothing). */
  private controllerInstead(side: string): PlayerId | null {
    const c = this.control;
    return c !== null && c.side === side && !this.playersOf(side).includes(c.controller) ? c.controller : null;
  }

  /** 722.5: an accepted player action was sent by who makes that decision, and a controller's is recorded `controlledAction` first. */
  private checkSender(event: TurnEvent, records: readonly HistoryRecord[]): void {
    const actor = actorOf(event);
    if (actor === null) return;
    const sender = (event as { by?: string }).by ?? actor;
    const primary = (who: string) => (this.teams?.[who] ? this.playersOf(who)[0] : who);
    // 722.6, 104.3a: a concession is the player's own, controlled or not
    if ((event.type as string) === 'player.concede') {
      if (primary(sender) !== primary(actor)) this.fail('722.6', `${actor}'s concession was accepted from ${sender}`);
      return;
    }
    const side = this.sideOf(actor);
    const controller = this.controllerInstead(side);
    const senderPlayer = this.teams?.[sender] ? this.playersOf(sender)[0] : sender;
    if (controller !== null && senderPlayer !== controller) this.fail('722.5', `${event.type} for ${actor} was accepted from ${sender}; ${controller} controls ${side} this turn`);
    if (controller === null && this.sideOf(sender) !== side) this.fail('722.5', `${event.type} for ${actor} was accepted from ${sender}, who does not make ${actor}'s decisions`);
    const noted = records.filter((r) => r.type === 'controlledAction');
    if (controller === null) {
      if (noted.length > 0) this.fail('722.5', `controlledAction recorded for ${actor}, whom nobody else controls`);
    } else if (noted.length !== 1 || records[0] !== noted[0] || noted[0].by !== controller || noted[0].player !== (this.teams?.[actor] ? this.playersOf(actor)[0] : actor)) {
      this.fail('722.5', `${controller}'s ${event.type} for ${actor} must be recorded first as controlledAction {player: ${actor}, by: ${controller}}; got ${JSON.stringify(noted)}`);
    }
  }

  /** The control records due right after `turnBegan` come first, in order, and no other is made (722.1). */
  private checkControlRecord(r: HistoryRecord): void {
    if (r.type === 'controlEnded' && r.rule === '800.4a') {
      const i = this.departureControlDue.findIndex((d) => d.player === r.player && d.controller === r.controller);
      if (i < 0) this.fail('800.4a', `controlEnded {player: ${r.player}, controller: ${r.controller}} (800.4a) where no departure ends that control`);
      else this.departureControlDue.splice(i, 1);
      return;
    }
    const due = this.controlRecordsDue.shift();
    const isControl = r.type === 'controlBegan' || r.type === 'controlEnded';
    if (due === undefined) {
      if (isControl) this.fail('722.1', `${r.type} for ${r.player} where no control begins or ends`);
      return;
    }
    if (!isControl || r.type !== due.type || r.player !== due.player || r.controller !== due.controller) {
      this.fail('722.1', `right after turn ${this.turn} began, ${due.type} {player: ${due.player}, controller: ${due.controller}} was due; got ${r.type}`);
      this.controlRecordsDue = [];
    }
  }

  private onTurnBegan(player: PlayerId, team: string | undefined, turn: number): void {
    if (this.openPhase !== null || this.openStep !== null) this.fail('500.1', `turn ${turn} began inside ${this.openStep ?? this.openPhase}`);
    if (turn !== this.turn + 1) this.fail('500', `turn ${turn} follows turn ${this.turn}`);
    const expected = this.nextTurn();
    const side = team ?? player;
    if (!this.isIn(side)) this.fail('800.4k', `turn ${turn} began for ${side}, who left the game`);
    if (this.over) this.fail('104.2a', `turn ${turn} began after the game ended`);
    if (side !== expected.side) {
      this.fail(this.teamTurnEffects ? '805.8/500.7/500.11' : this.rule('805.4', '500.7/500.11/101.4'), `turn ${turn} is ${side}'s; turn order, extra and skipped turns say ${expected.side}'s`);
    }
    if (this.teams !== null && (team === undefined || player !== this.playersOf(team)[0])) {
      this.fail('805.4/805.2', `turnBegan names ${player} of team ${team}: the active team and its primary player`);
    }
    if (this.teams === null && team !== undefined) this.fail('history', `turnBegan names a team (${team}) in a game without teams`);
    this.turnIdentity = expected.id;
    this.extraTurn = expected.extra;
    this.turn = turn;
    this.active = side;
    this.beginTurnOfControl(side);
    this.activePrimary = player;
    this.stepsThisTurn = [];
    this.lastRank = -1;
    this.stepAdded = false;
    this.phasesAdded = false;
    this.lastCleanupHadWindow = null;
    this.lastStepBegun = null;
    this.beginningPhases = 0;
    this.earlierCombats = { withoutAttackers: false, endedByEffect: false };
    // 500.1; 103.8: the first turn's own draw step is skipped
    this.plan = PHASES.map((phase) => this.newPhase(phase, STEPS_OF[phase].filter((step) => !(turn === 1 && this.skipFirstDraw && step === 'draw'))));
    this.phasesBegun = [];
    this.currentPhaseId = -1;
    this.stepQueue = [];
    // 500.11: "each" skips wait for their side's next turn (False Peace on yourself: this one)
    for (const skip of this.skips) if (skip.each && skip.turn === null && skip.side === side) skip.turn = turn;
    // 611.2: "until your next turn" ends as that player's (team's) turn begins; "until end of combat on your next turn" is bound to it
    this.expire((until) => typeof until === 'object' && 'nextTurnOf' in until && this.isTurnOf(until.nextTurnOf));
    for (const effect of this.effects) {
      const until = effect.until;
      if (effect.boundTurn === undefined && typeof until === 'object' && 'endOfCombatOnNextTurnOf' in until && this.isTurnOf(until.endOfCombatOnNextTurnOf)) effect.boundTurn = turn;
    }
    // 603.7: "… on your next turn" delayed triggers belong to this turn (the first of that side's to begin since)
    for (const at of this.ats) if (at.binding === 'nextTurnOf' && at.boundTo === undefined && this.isTurnOf(at.nextTurnOf)) at.boundTo = this.turnIdentity;
  }

  private onTurnEnded(): void {
    if (this.openPhase !== null) this.fail('500.1', `the turn ended inside the ${this.openPhase} phase`);
    const skipped = this.sidesWithSkips.has(this.active!);
    // (a skip of the ending phase or cleanup step replaces the cleanup step 723.1d goes to: 614.10, 500.11)
    if (this.procedure?.kind === 'endTurn' && !skipped) this.fail('723.1d', 'the turn ended during a 723.1 procedure, before a cleanup step');
    this.procedure = null; // 723.2d: a combat phase ended by an effect may have been the turn's last phase
    // Emrakul: the extra turn after the controlled turn, created as it ends (500.7: taken first), one per effect
    for (; this.controlExtraTurns > 0; this.controlExtraTurns -= 1) this.oracle.extra.unshift({ side: this.active!, id: this.oracle.nextId++ });
    this.passSkippedPhases();
    if (this.plan.length > 0) this.fail('500.1/500.8', `turn ${this.turn} ended with phases still planned: ${this.plan.map((p) => p.phase).join(', ')}`);
    this.skips = this.skips.filter((s) => !(s.each && s.turn === this.turn));
    this.dropAtsOf(this.turnIdentity); // 603.7: what belongs to this turn is gone with it
    this.expireBoundTo(this.turn); // a format decision: bound to this turn, it never outlives it
    const altered = this.stepAdded || this.phasesAdded || skipped;
    if (!altered && this.lastStepBegun !== 'cleanup') this.fail('514', `turn ${this.turn} ended after ${this.lastStepBegun}, not after a cleanup step`);
    if (!altered && this.lastCleanupHadWindow === true) this.fail('514.3a', `turn ${this.turn} ended after a cleanup step in which players received priority`);
  }

  private beginStepLike(name: string): void {
    this.stepsThisTurn.push(name);
    const rank = RANK[name];
    const repeatCleanup = name === 'cleanup' && this.lastRank === RANK.cleanup;
    if (!this.stepAdded && !this.phasesAdded && rank <= this.lastRank && !repeatCleanup) {
      this.fail('500.1', `${name} began after ${this.stepsThisTurn.slice(0, -1).join(', ')}`);
    }
    this.lastRank = Math.max(this.lastRank, rank);
    this.lastStepBegun = name;
    this.expectTriggers(name);
    this.newRound();
    this.expectedHolder = this.activeReceiver(); // 117.3a, 805.5b: the active team; 800.4j: the next still in the game
    this.manaSource = false;
    this.declaredThisStep = false;
    this.expire((until) => typeof until === 'object' && 'beginningOf' in until && until.beginningOf === name && this.isTurnOf(until.whoseTurn)); // 500.4
  }

  /** A new run of passes begins (a step or phase begins, an object is put on the stack, one resolves). */
  private newRound(): void {
    this.passesInRow = 0;
    this.passedSides = [];
  }

  private onPhaseBegan(phase: PhaseId): void {
    if (this.openPhase !== null || this.openStep !== null) this.fail('500.1', `${phase} began inside ${this.openStep ?? this.openPhase}`);
    if (this.procedure?.kind === 'endTurn' && phase !== 'ending') this.fail('723.1d', `the ${phase} phase began while the turn was being ended (straight to cleanup)`);
    if (this.procedure?.kind === 'endCombat') this.procedure = null; // 723.2d: the next phase
    // 500.8, 500.11: the next planned phase that is not skipped is the one that begins
    this.passSkippedPhases();
    const planned = this.plan.shift();
    if (planned?.phase !== phase) {
      this.fail(this.planRule('500.8/500.11'), `the ${phase} phase began; the plan of the turn says ${planned?.phase ?? 'no more phases'} (then ${this.plan.map((p) => p.phase).join(', ') || 'nothing'})`);
    }
    this.currentPhaseId = planned?.phase === phase ? planned.id : -1;
    this.stepQueue = planned?.phase === phase ? [...planned.steps] : [...STEPS_OF[phase]];
    this.firstStrikeStepDone = false;
    this.phasesBegun.push(phase);
    this.openPhase = phase;
    if (phase === 'beginning') this.beginningPhases += 1;
    if (phase === 'combat') this.combat = { steps: [], attackers: null, blockers: [], firstStrike: null, procedure: false };
    if (MAIN_PHASES.includes(phase)) this.beginStepLike(phase);
    else {
      this.newRound();
      this.manaSource = false;
      this.expire((until) => typeof until === 'object' && 'beginningOf' in until && until.beginningOf === phase && this.isTurnOf(until.whoseTurn)); // 500.4
      this.expectTriggers(phase);
    }
  }

  private onPhaseEnded(phase: PhaseId): void {
    if (this.openPhase !== phase) this.fail('500.1', `the ${phase} phase ended but ${this.openPhase} was the current phase`);
    if (this.openStep !== null) this.fail('500.1', `the ${phase} phase ended inside the ${this.openStep} step`);
    if (this.stack.length > 0) this.fail('500.2', `the ${phase} phase ended with ${this.stack.join(', ')} on the stack`);
    // (the ending phase 723.1d went to ends at once when a skip replaces its cleanup step: 614.10, 500.11)
    if (this.procedure?.kind === 'endTurn' && phase === 'ending' && this.procedure.phase === 'ending' && !this.sidesWithSkips.has(this.active!)) {
      this.fail('723.1d', 'ending the turn in the ending phase ended the phase; only the step ends');
    }
    if (MAIN_PHASES.includes(phase) && !this.procedure) this.checkRound(`${phase} ended`);
    // 500.1: a phase ends when none of its steps is left (the skipped ones are passed over)
    const left = this.nextPlannedStep();
    if (left !== null) this.fail(this.planRule('500.1/500.11'), `the ${phase} phase ended with its ${left} step still to come (then ${this.stepQueue.join(', ') || 'nothing'})`);
    this.stepQueue = [];
    if (phase === 'combat') {
      if (this.combatants.size > 0) this.fail('511.3/506.4', `${[...this.combatants.keys()].join(', ')} still in combat after the combat phase`);
      this.checkCombatStructure();
      if (this.combat?.attackers?.length === 0) this.earlierCombats.withoutAttackers = true;
      if (this.combat?.procedure) this.earlierCombats.endedByEffect = true;
      this.expire((until) => until === 'endOfCombat');
      this.expireBoundTo(this.turn); // the first combat phase of that turn ends it
    }
    if (MAIN_PHASES.includes(phase)) this.expire((until) => until === 'endOfStep');
    this.expire((until) => until === 'endOfPhase');
    this.openPhase = null;
    this.holder = null;
  }

  /** 117.4, 500.2, 805.5b: a step or phase ends, or an object resolves, only after every side passed in succession. */
  private checkRound(what: string): void {
    const inGame = this.sidesIn(); // 800.4j: only the players still in the game pass
    const missing = inGame.filter((s) => !this.passedSides.includes(s));
    if (this.passesInRow < inGame.length || missing.length > 0) {
      this.fail(this.rule('805.5b', what.includes('resolved') ? '117.4/608.1' : '500.2'),
        `${what} after ${this.passesInRow} passes in succession (${this.passedSides.join(', ') || 'none'}; ${this.n} ${this.teams ? 'teams' : 'players'})`);
    }
  }

  /** 506.1, 508.8, 510.4, 511: a combat phase nothing unusual happened to has exactly these steps. */
  private checkCombatStructure(): void {
    const c = this.combat;
    if (!c || c.procedure || this.stepAdded || this.sidesWithSkips.has(this.active!)) return;
    const attacked = (c.attackers?.length ?? 0) > 0;
    const expected = ['beginningOfCombat', 'declareAttackers',
      ...(attacked ? ['declareBlockers', ...(c.firstStrike === true ? ['firstStrikeDamage'] : []), 'combatDamage'] : []), 'endOfCombat'];
    if (!sameJson(c.steps, expected)) {
      const earlier = [
        ...(this.earlierCombats.withoutAttackers ? ['an earlier combat phase this turn had no attackers'] : []),
        ...(this.earlierCombats.endedByEffect ? ['an earlier combat phase this turn was ended by an effect'] : []),
      ];
      this.fail(attacked ? '506.1/509/510/511' : '506.1/508.8/511',
        `combat phase had steps [${c.steps.join(', ')}]; expected [${expected.join(', ')}]${earlier.length ? ` (${earlier.join('; ')})` : ''}`);
    }
  }

  private onStepBegan(step: StepId): void {
    if (this.openStep !== null) this.fail('500.1', `${step} began inside ${this.openStep}`);
    if (this.openPhase !== PHASE_OF[step]) this.fail('500.1', `the ${step} step began in the ${this.openPhase} phase`);
    // 500.1, 500.9, 500.11, 508.8, 510.4, 514.3a: the step the plan of this phase says
    const planned = this.nextPlannedStep();
    if (planned !== step) {
      this.fail(this.planRule('500.1/500.9/500.11'), `the ${step} step began; the plan of this ${this.openPhase} phase says ${planned ?? 'no more steps'} (then ${this.stepQueue.join(', ') || 'nothing'})`);
    }
    if (this.procedure?.kind === 'endCombat') this.fail('723.2d', `the ${step} step began while the combat phase was being ended`);
    if (this.procedure?.kind === 'endTurn') {
      if (step !== 'cleanup') this.fail(step === 'end' ? '723.1e' : '723.1d', `the ${step} step began while the turn was being ended (straight to cleanup)`);
      if (!this.procedure.sbaChecked) this.fail('723.1c', 'no state-based-action check during the 723.1 procedure');
      this.procedure = null;
    }
    const c = this.combat;
    if (c && this.openPhase === 'combat') {
      const attacked = (c.attackers?.length ?? 0) > 0;
      // (a step added to this combat after 508.8 skipped its steps happens)
      if (['declareBlockers', 'combatDamage', 'firstStrikeDamage'].includes(step) && c.attackers !== null && !attacked && !this.stepAdded) {
        this.fail('508.8', `${step} began although no creature attacked`);
      }
      // 500.10: a combat phase holding only an added declare blockers step declares no attackers, and its step happens
      if (step === 'declareBlockers' && c.attackers === null && !this.stepAdded) this.fail('509', 'declare blockers began without a declare attackers step');
      // 510.4 looks at the creatures in combat as the (first) combat damage step begins
      const firstStrikers = [...this.combatants.values()].some(hasFirstStrike);
      const firstDamageStep = (step === 'combatDamage' || step === 'firstStrikeDamage') && c.firstStrike === null;
      if (firstDamageStep) c.firstStrike = firstStrikers;
      if (step === 'firstStrikeDamage' && !firstStrikers) this.fail('510.4', 'a first-strike damage step without a first or double striker in combat');
      if (step === 'combatDamage' && firstDamageStep && firstStrikers && !this.sidesWithSkips.has(this.active!)) {
        this.fail('510.4', 'combat damage began without a first-strike damage step although a first or double striker is in combat');
      }
      c.steps.push(step);
    }
    // 103.8, 810.6: turn 1's own draw step (in its first beginning phase; 500.8: an added beginning phase's is not skipped)
    if (this.turn === 1 && step === 'draw' && this.skipFirstDraw && !this.stepAdded && this.beginningPhases === 1) {
      this.fail(this.twoHeadedGiant ? '810.6/103.8' : '103.8', `the ${this.teams ? 'team' : 'player'} who plays first drew in the draw step of turn 1`);
    }
    this.openStep = step;
    this.beginStepLike(step);
    if (step === 'declareAttackers' && this.active !== null && !this.isIn(this.active)) this.declareNone(); // 800.4j, 508.8
    if (step === 'draw') for (const p of this.activePlayers()) this.hands[p] += 1; // 504.1, 805.4b: each player of the active team
    if (step === 'declareBlockers') this.defendersLeft = this.sides.filter((s) => s !== this.active && this.isIn(s)).sort((a, b) => this.seat(a) - this.seat(b));
    if (step === 'cleanup') {
      this.cleanup = { cause: this.pending.length > 0, window: false };
      this.toDiscard = this.activePlayers().filter((p) => this.hands[p] > this.maxHandSize); // 514.1, 805.9
      this.expire((until) => until === 'endOfTurn'); // 514.2
    }
  }

  private onStepEnded(step: StepId): void {
    if (this.openStep !== step) this.fail('500.1', `the ${step} step ended but ${this.openStep} was the current step`);
    if (this.stack.length > 0) this.fail('500.2', `the ${step} step ended with ${this.stack.join(', ')} on the stack`);
    const givesPriority = step !== 'untap' && (step !== 'cleanup' || this.cleanup.window);
    if (givesPriority && !this.procedure) this.checkRound(`${step} ended`);
    if (step === 'cleanup') {
      this.lastCleanupHadWindow = this.cleanup.window;
      if (this.cleanup.cause && !this.cleanup.window && !this.procedure) {
        this.fail('514.3a', 'no player received priority in cleanup although state-based actions were performed or abilities triggered');
      }
      if (this.toDiscard.length > 0) this.fail(this.rule('805.9', '514.1'), `${this.toDiscard.join(', ')} did not discard down to ${this.maxHandSize} in cleanup`);
      this.toDiscard = [];
    }
    if (step === 'declareBlockers' && this.defendersLeft.length > 0 && !this.procedure) {
      this.fail(this.rule('805.10d', '509.1'), `the declare blockers step ended before ${this.defendersLeft.join(', ')} declared`);
    }
    this.expire((until) => until === 'endOfStep');
    this.openStep = null;
    this.holder = null;
  }

  private onPriority(r: Extract<HistoryRecord, { type: 'priority' }>, phase: PhaseId | null, step: StepId | null): void {
    const side = r.team ?? r.player ?? '';
    if (this.teams !== null && (r.team === undefined || r.player !== undefined)) this.fail('805.5/117.6', `priority was given to ${JSON.stringify({ player: r.player, team: r.team })}: teams hold priority`);
    if (this.teams === null && r.team !== undefined) this.fail('history', `priority was given to team ${r.team} in a game without teams`);
    if (phase === null) this.fail('117', `${side} received priority outside any phase`);
    else if (step === null && !MAIN_PHASES.includes(phase)) this.fail('117', `${side} received priority between the steps of ${phase}`);
    if (step === 'untap') this.fail('502.4', `${side} received priority in the untap step`);
    if (step === 'cleanup' && this.openStep === 'cleanup' && !this.cleanup.window) {
      if (!this.cleanup.cause) this.fail('514.3', `${side} received priority in cleanup although nothing triggered and no state-based action was performed`);
      this.cleanup.window = true;
      this.stepQueue.unshift('cleanup'); // 514.3a: another cleanup step follows (after any step added meanwhile)
    }
    if (step === 'declareAttackers' && !this.declaredThisStep) this.fail('508.1/508.2', 'priority in the declare attackers step before attackers were declared');
    if (step === 'declareBlockers' && this.combat && this.defendersLeft.length > 0) {
      this.fail(this.rule('805.10d', '509.1/509.2'), `priority in the declare blockers step before ${this.defendersLeft.join(', ')} declared`);
    }
    if (this.lastRecordType !== 'stateBasedActions') this.fail('117.5/704.3', `${side} received priority without a state-based-action check just before (after ${this.lastRecordType})`);
    if (this.pending.length > 0) this.fail('117.5/603.3b', `${side} received priority while ${this.pending.join(', ')} waited to go on the stack`);
    if (this.procedure) this.fail(this.procedure.kind === 'endTurn' ? '723.1c/723.1f' : '723.2c/723.2f', `${side} received priority during the 723 procedure`);
    if (this.expectedHolder !== null && side !== this.expectedHolder) this.fail(this.rule('805.5b', '117.3'), `${side} received priority; ${this.expectedHolder} should have`);
    if (this.resolving) this.fail('608.2g/117.3b', `${side} received priority while ${this.resolving.id} was still resolving`);
    if (!this.isIn(side)) this.fail('800.4a', `${side}, who left the game, received priority`);
    if (this.over) this.fail('104.2a', `${side} received priority after the game ended`);
    this.expectedHolder = null;
    this.holder = side;
    if (this.standing.has(side)) this.mustPass = side; // 732.2: it passes at once (or the bound ends every pass)
  }

  /** 117.3d, 805.5b: the side holding priority passes (named by a player of it, or its id); priority goes to the next side. */
  private onPassed(r: Extract<HistoryRecord, { type: 'passed' }>, event: TurnEvent | null): void {
    const named = event?.type === 'priority.pass' && this.sideOf(event.player) === (r.team ?? r.player) && this.autoRun === 0 ? event.player : undefined;
    const side = r.team ?? r.player;
    const automatic = named === undefined && this.standing.has(side); // 732.2: passed by its standing pass
    if (automatic) this.autoRun += 1;
    if (this.mustPass === side) this.mustPass = null;
    if (!automatic && (named === undefined || this.sideOf(named) !== side)) this.fail('117.3d', `${side} passed without passing`);
    else if (this.teams !== null && named !== undefined) {
      const player = this.teams[named] !== undefined ? this.teams[named][0] : named;
      if (r.team === undefined || r.player !== player) this.fail('805.5b', `the pass named ${named} was recorded as ${JSON.stringify({ team: r.team, player: r.player })}`);
    }
    if (this.teams === null && r.team !== undefined) this.fail('history', 'a pass recorded a team in a game without teams');
    if (this.holder !== null && side !== this.holder) this.fail(this.rule('805.5b', '117.3d'), `${side} passed while ${this.holder} held priority`);
    this.passesInRow += 1;
    if (this.passedSides.includes(side)) this.fail(this.rule('805.5b', '117.4'), `${side} passed twice in one run of passes (${this.passedSides.join(', ')}, ${side}): the round was over after each ${this.teams ? 'team' : 'player'} passed once`);
    this.passedSides.push(side);
    this.expectedHolder = this.nextSide(side); // 117.3d, 805.5b: the next team in turn order
    this.holder = null;
  }

  private onPutOnStack(id: string): void {
    const wasWaiting = this.pending.indexOf(id);
    if (wasWaiting >= 0 && this.left.includes(this.specOf(id)?.controller ?? '')) this.fail('800.4d', `${id}, a triggered ability of a player who left the game, was put on the stack`);
    if (wasWaiting >= 0) {
      this.putFromPass(id);
      this.pending.splice(wasWaiting, 1);
      this.stackKind.set(id, 'ability');
      if (this.procedure) this.fail(this.procedure.kind === 'endTurn' ? '723.1c' : '723.2c', `${id} was put on the stack during the 723 procedure`);
    }
    this.stack.push(id);
    this.newRound();
  }

  /** 500.6, 603.2, 603.7: whether an ability was due to trigger now (and in the order they count as triggered, 603.3b). */
  private onTriggered(id: string, spec: StackObjectSpec | AtTriggerSpec | undefined): void {
    const due = this.mustTrigger?.findIndex((at) => id === at.id || id.startsWith(`${at.id}@`)) ?? -1;
    if (due > 0) {
      this.fail('603.3b', `${id} triggered before ${this.mustTrigger![0].id}: abilities that trigger at once count as triggered in the order they were registered`);
    }
    if (due >= 0) {
      this.mustTrigger!.splice(due, 1);
      return;
    }
    const discard = this.mustTriggerOnDiscard?.ids.indexOf(id) ?? -1;
    if (discard > 0) {
      this.fail('603.3b', `${id} triggered before ${this.mustTriggerOnDiscard!.ids[0]}: abilities that wait for one discard trigger in the order they were scheduled`);
    }
    if (discard >= 0) {
      this.mustTriggerOnDiscard!.ids.splice(discard, 1);
      return;
    }
    const forDiscard = this.onDiscard.find((w) => w.ability.id === id);
    if (forDiscard) this.fail('603.2/514.1', `${id} triggered although ${forDiscard.player} did not discard`);
    else if (spec && 'when' in spec) {
      const binding = bindingOf(spec);
      this.fail(binding ? '603.7' : '500.6/500.11', `"at the beginning of ${spec.when}" ability ${id} triggered although no such step or phase began${binding ? ` in the turn or phase it belongs to (${binding})` : ''}`);
    }
  }

  /** 117.5, 603.3b, 805.7: a pass begins with the abilities waiting now; its sides, APNAP (101.4; team by team). */
  private openTriggerPass(): TriggerPass {
    const abilities = this.pending.map((id) => {
      const controller = this.specOf(id)?.controller;
      return { id, side: controller === undefined ? undefined : this.sideOf(controller) };
    });
    const sides = this.sides.filter((s) => abilities.some((a) => a.side === s)).sort((a, b) => this.seat(a) - this.seat(b));
    return { abilities, sides, putting: null };
  }

  /**
   * 603.3b, 805.7: an ability of the pass goes on the stack: the sides' in APNAP order, each side's together
   * (a team's: all its players' at once), in the order they triggered or (triggerOrder "choose", two or more)
   * in the order the side gave.
   */
  private putFromPass(id: string): void {
    const pass = (this.pass ??= this.openTriggerPass());
    const rule = this.rule('805.7', '603.3b');
    const index = pass.abilities.findIndex((a) => a.id === id);
    if (index < 0) {
      this.fail('603.3b', `${id} went on the stack in a pass it is not part of: it triggered after the pass began, so it waits for the next one`);
      return;
    }
    const { side } = pass.abilities[index];
    if (side === undefined) {
      pass.abilities.splice(index, 1);
      return;
    }
    if (pass.putting && pass.putting.side !== side) {
      this.fail(rule, `${side}'s ${id} went on the stack while ${pass.putting.side}'s ${pass.putting.ids.join(', ')} had still to go: each ${this.teams ? 'team' : 'player'}'s abilities go on the stack together`);
      pass.putting = null;
    }
    if (!pass.putting) {
      const next = pass.sides[0];
      if (side !== next) this.fail(this.rule('805.7', '603.3b/101.4'), `${side}'s ${id} went on the stack before ${next}'s abilities: APNAP order (the active ${this.teams ? 'team' : 'player'}'s first, then in turn order)`);
      pass.sides = pass.sides.filter((s) => s !== side);
      const own = pass.abilities.filter((a) => a.side === side).map((a) => a.id);
      const given = this.givenOrder?.side === side ? this.givenOrder.order : null;
      if (given) this.givenOrder = null;
      if (this.triggerOrder === 'choose' && own.length >= 2 && !given) {
        this.fail(rule, `${side}'s ${own.length} abilities (${own.join(', ')}) went on the stack without ${side} being asked for their order`);
      }
      pass.putting = { side, ids: given ? [...given] : own, chosen: given !== null };
    }
    const putting = pass.putting;
    if (putting.ids[0] !== id) {
      this.fail(rule, `${id} went on the stack where ${putting.ids[0] ?? 'nothing'} should have: ${putting.chosen
        ? `the order ${side} gave is ${putting.ids.join(', ')}` : `${side}'s abilities go in the order they triggered (${putting.ids.join(', ')})`}`);
    }
    const at = putting.ids.indexOf(id);
    if (at >= 0) putting.ids.splice(at, 1);
    if (putting.ids.length === 0) pass.putting = null;
    pass.abilities.splice(index, 1);
  }

  /** 117.5: a state-based-action check ends the pass under way: every ability of it must be on the stack by then. */
  private closeTriggerPass(): void {
    const left = this.pass?.abilities.map((a) => a.id) ?? [];
    if (left.length > 0) this.fail('603.3b', `the pass of putting triggered abilities on the stack ended with ${left.join(', ')} still waiting`);
    this.pass = null;
  }

  /**
   * 500.6: the registered abilities that trigger as this step or phase begins; 603.7: one bound to a turn
   * only in that turn, one bound to phases only in one of them; 805.4d: `perActivePlayer` once for each
   * player of the active team (in the order registered, each registration's together).
   */
  private expectTriggers(stepOrPhase: string): void {
    const due = this.ats.filter((at) => at.when === stepOrPhase && this.isTurnOf(at.whoseTurn)
      && (at.binding !== 'nextTurnOf' || at.boundTo !== undefined)
      && (at.boundTo === undefined || at.boundTo === this.turnIdentity)
      && (at.phases === undefined || at.phases.includes(this.currentPhaseId))
      && (at.if === undefined || !this.falseConditions.has(at.if)));
    this.ats = this.ats.filter((at) => !(at.once && due.includes(at)));
    this.mustTrigger = due.flatMap((at) => Array.from({ length: at.perActivePlayer ? this.activePlayers().length : 1 }, () => at));
  }

  /** 608.2a, 608.2b: whether the top object does not resolve (its condition or all its targets fail). */
  private shouldNotResolve(id: string): string | null {
    const spec = this.specOf(id) as StackObjectSpec | undefined;
    if (!spec) return null;
    const triggered = this.stackKind.get(id) === 'ability' && spec.type !== 'activated';
    if (triggered && spec.if !== undefined && this.falseConditions.has(spec.if)) {
      return `its condition ${spec.if} is false (608.2a)${'when' in spec ? ' (an "at the beginning of" ability)' : ''}`;
    }
    const targets = (spec as StackObjectSpec).targets ?? [];
    if (targets.length > 0 && targets.every((t) => this.illegalTargets.has(t)) && !spec.bestow && !spec.mutate) {
      return `all its targets (${targets.join(', ')}) are illegal (608.2b)`;
    }
    return null;
  }

  private onResolution(id: string, resolves: boolean): void {
    const reason = this.shouldNotResolve(id);
    if (resolves && reason) this.fail(reason.includes('608.2a') ? '608.2a' : '608.2b', `${id} resolved although ${reason}`);
    if (!resolves && !reason) this.fail('608.2a/608.2b', `${id} did not resolve although its condition holds and it has a legal target`);
    this.resolving = { id, resolves };
    if (this.stack[this.stack.length - 1] !== id) this.fail('608.1', `${id} resolved but ${this.stack[this.stack.length - 1] ?? 'nothing'} is on top of the stack`);
    this.checkRound(`${id} resolved`);
    this.newRound();
    this.expectedHolder = this.activeReceiver(); // 117.3b, 805.5b: the active team; 800.4j: the next still in the game
    this.holder = null;
    this.manaSource = true;
    if (resolves) {
      const spec = this.specOf(id);
      if (spec) this.applyResolvedEffects(spec.effects ?? []);
    }
  }

  /** 608.2n, 608.3, 704.5e: where an object goes when it leaves the stack after (not) resolving. */
  private expectedDestination(id: string, resolves: boolean): string[] {
    const spec = this.specOf(id) as StackObjectSpec | undefined;
    const kind = this.stackKind.get(id);
    if (kind === 'ability') return ['ceasedToExist'];
    if (!spec) return [];
    const type = spec.type ?? 'instant';
    if (type === 'instant' || type === 'sorcery' || !resolves) return ['graveyard'];
    const target = spec.targets?.[0];
    if (spec.mutate && target !== undefined && !this.illegalTargets.has(target)) return ['merged'];
    if (spec.cannotEnter) return ['graveyard'];
    return ['battlefield'];
  }

  private onLeftStack(id: string, to: string): void {
    const index = this.stack.lastIndexOf(id);
    if (index >= 0 && this.resolving?.id === id) {
      const expected = this.procedure ? ['exile'] : this.expectedDestination(id, this.resolving.resolves);
      if (expected.length > 0 && !expected.includes(to)) this.fail('608.2n/608.3', `${id} went to ${to} after ${this.resolving.resolves ? 'resolving' : 'not resolving'}; expected ${expected.join(' or ')}`);
      if (this.stackKind.get(id) === 'copy' && to === 'graveyard') {
        this.copiesToCease.push(`${id}${(this.specOf(id) as StackObjectSpec | undefined)?.cannotEnter ? ' (a permanent copy that could not enter the battlefield)' : ''}`);
      }
      this.resolving = null;
    }
    if (to === 'ceasedToExist') this.copiesToCease = this.copiesToCease.filter((x) => x.split(' ')[0] !== id);
    if (index >= 0) {
      this.stack.splice(index, 1);
      if (this.procedure?.stackAtStart.has(id) && to !== 'exile') this.fail('723.1b', `${id} left the stack to ${to} during the 723 procedure; it is exiled`);
      if (to === 'exile' && this.stackKind.get(id) !== 'card') this.exiledNonCards.push(id);
    }
    if (to === 'exile' && !this.procedure) this.fail('723.1b', `${id} was exiled outside a 723 procedure`);
    if (to === 'ceasedToExist') this.exiledNonCards = this.exiledNonCards.filter((x) => x !== id);
    if (this.openStep === 'cleanup' && !this.cleanup.window && to === 'ceasedToExist') this.cleanup.cause = true;
  }

  private onProcedureStart(kind: 'endTurn' | 'endCombat', phase: PhaseId | null, source: string): void {
    if (kind === 'endCombat' && phase !== 'combat') this.fail('723.2g', `combat was ended outside a combat phase by ${source}`);
    if (this.stack.length > 0 && this.stack[this.stack.length - 1] !== source && !this.stack.includes(source) && !this.goneWithPlayer.has(source)) {
      this.fail('723.1', `the procedure's source ${source} is not resolving`);
    }
    const upgraded = this.procedure?.kind === 'endTurn' ? 'endTurn' : kind;
    this.procedure = {
      kind: upgraded,
      pendingAtStart: new Set(this.pending),
      stackAtStart: new Set(this.stack),
      sbaChecked: false,
      phase,
    };
    if (this.combat && this.openPhase === 'combat') this.combat.procedure = true;
    // 723.1d: the rest of the turn is a cleanup step (phases and steps added by the resolution, before or after this, are dropped);
    // 723.2d: the combat phase has no more steps
    if (kind === 'endTurn') {
      this.plan = phase === 'ending' ? [] : [this.newPhase('ending', ['cleanup'])];
      this.stepQueue = phase === 'ending' ? ['cleanup'] : [];
    } else if (phase === 'combat') this.stepQueue = [];
    this.holder = null;
  }

  private expire(ends: (until: Duration | undefined) => boolean): void {
    for (const effect of this.effects) if (ends(effect.until)) effect.expired = true;
  }

  private expireBoundTo(turn: number): void {
    for (const effect of this.effects) if (effect.boundTurn === turn) effect.expired = true;
  }

  // ---- after the event -----------------------------------------------------------------

  private checkBatch(o: Observation): void {
    if (this.departure) this.finishDeparture();
    if (this.expectedDepartures.length > 0) this.fail('104.3a/104.3e', `${this.expectedDepartures.map((d) => `${d.player} (${d.reason})`).join(', ')} did not leave the game`);
    this.expectedDepartures = [];
    if (o.before) {
      const v = view(o.after);
      const inGame = this.players.filter((p) => !this.left.includes(p));
      if (!sameJson(v.inGame, inGame) || v.gameOver !== this.over || (this.over && !sameJson(v.winners, inGame)) || (!this.over && v.winners.length > 0)) {
        this.fail('800.4/104.2a', `the view says in game ${JSON.stringify(v.inGame)}, over ${v.gameOver}, winners ${JSON.stringify(v.winners)}; the history says ${JSON.stringify(inGame)}, ${this.over}`);
      }
      for (const p of this.left) if (v.handSize[p] !== 0 || v.manaPool[p] !== 0) this.fail('800.4a', `${p} left the game with ${v.handSize[p]} cards in hand and ${v.manaPool[p]} mana`);
    }
    for (const effect of this.effects) {
      const until = JSON.stringify(effect.until);
      if (effect.ended && !effect.expired) this.fail(this.durationRule(effect.until), `effect ${effect.id} (until ${until}) ended before its duration was over`);
      if (!effect.ended && effect.expired) this.fail(this.durationRule(effect.until), `effect ${effect.id} (until ${until}) outlived its duration`);
    }
    this.effects = this.effects.filter((e) => !e.ended && !e.expired);
    if (this.mustTrigger && this.mustTrigger.length > 0) this.fail(atRule(this.mustTrigger), `"at the beginning of" abilities ${atList(this.mustTrigger)} did not trigger`);
    this.mustTrigger = null;
    if (this.mustTriggerOnDiscard && this.mustTriggerOnDiscard.ids.length > 0) {
      this.fail('603.2/514.1', `${this.mustTriggerOnDiscard.ids.join(', ')} did not trigger as ${this.mustTriggerOnDiscard.players.join(' and ')} discarded`);
    }
    this.mustTriggerOnDiscard = null;
    if (this.declaration) this.fail(this.declaration.type === 'attackersDeclared' ? '805.10b' : '805.10d', `${this.declaration.team}'s declaration made no ${this.declaration.type} record`);
    this.declaration = null;
    if (this.pass?.putting) this.fail(this.rule('805.7', '603.3b'), `${this.pass.putting.side} put only some of their abilities on the stack: ${this.pass.putting.ids.join(', ')} still wait`);
    if (this.givenOrder) this.fail('603.3b', `${this.givenOrder.side}'s order was accepted but their abilities did not go on the stack`);
    this.givenOrder = null;
    if (this.copiesToCease.length > 0) this.fail('704.5e', `copies ${this.copiesToCease.join(', ')} did not cease to exist at the next state-based-action check`);
    this.copiesToCease = [];
    this.resolving = null;
    if (this.exiledNonCards.length > 0 && !this.procedure) {
      this.fail('723.1b/704.5e', `${this.exiledNonCards.join(', ')} (not cards) were exiled but did not cease to exist at the next check`);
      this.exiledNonCards = [];
    }
    if (o.before) {
      const began = o.records.some((r) => r.type === 'stepBegan' || r.type === 'phaseBegan');
      for (const p of this.players) {
        const poolBefore = o.before.context.manaPool[p] ?? 0;
        const poolAfter = o.after.context.manaPool[p] ?? 0;
        if (began && poolAfter !== 0) this.fail('500.5', `${p}'s mana pool holds ${poolAfter} as a step or phase begins`);
        if (poolAfter > poolBefore && !(o.event?.type === 'mana.add' || o.records.some((r) => r.type === 'resolved'))) {
          this.fail('106.4', `${p}'s mana pool grew without mana being added`);
        }
        const firstEnd = o.records.findIndex((r) => r.type === 'stepEnded' || r.type === 'phaseEnded');
        // (800.4a: a pool that left the game with its player is gone, not emptied)
        if (poolBefore > 0 && firstEnd >= 0 && !this.left.includes(p)
          && !o.records.slice(0, firstEnd).some((r) => r.type === 'manaEmptied' && r.player === p)) {
          this.fail('500.5', `${p}'s unspent mana did not empty as the ${o.records[firstEnd].step ?? o.records[firstEnd].phase} ended`);
        }
      }
    }
    if (this.procedure) this.fail('723', 'the event ended in the middle of a 723 procedure');
  }

  private durationRule(until: Duration | undefined): string {
    if (until === 'endOfTurn') return '514.2';
    if (until === 'endOfCombat') return '500.5/723.1d/723.2d';
    if (typeof until === 'object' && ('nextTurnOf' in until || 'endOfCombatOnNextTurnOf' in until)) return '611.2';
    if (typeof until === 'object') return '500.4';
    return '500.5';
  }

  /**
   * 603.3b, 805.7: the game waits for an order of triggered abilities only with triggerOrder "choose", from
   * the next side of the pass (APNAP) with two or more of its abilities; the view names exactly those, in
   * the order they triggered (a team's across its players); nobody holds priority meanwhile.
   */
  private checkOrderView(w: ReturnType<typeof waitingFor>, v: View): void {
    if (w !== 'orderTriggers') {
      if (v.orderTriggers !== null) this.fail('603.3b', `the view asks for an order of triggers (${JSON.stringify(v.orderTriggers)}) while the game waits for ${w}`);
      return;
    }
    const rule = this.rule('805.7', '603.3b');
    if (this.triggerOrder !== 'choose') this.fail(rule, 'the game waits for an order of triggered abilities although each player\'s go on the stack as they triggered (triggerOrder "triggered")');
    const pass = (this.pass ??= this.openTriggerPass());
    const asked = pass.sides[0];
    const own = pass.abilities.filter((a) => a.side === asked).map((a) => a.id);
    if (asked === undefined || own.length < 2) {
      this.fail(rule, `the game waits for ${asked ?? 'nobody'}'s order of ${own.length} triggered abilities: only a ${this.teams ? 'team' : 'player'} with two or more is asked`);
    }
    const expected = this.teams ? { team: asked, triggers: own } : { player: asked, triggers: own };
    if (!sameJson(v.orderTriggers, expected)) {
      this.fail(rule, `the view asks ${JSON.stringify(v.orderTriggers)}; the pass's next ${this.teams ? 'team' : 'player'} is ${asked} with ${own.join(', ') || 'nothing'}`);
    }
    if (v.priority !== null || v.mayAct.length > 0) this.fail('603.3b/117', `${v.priority ?? v.mayAct.join(', ')} may act while the game waits for an order of triggered abilities`);
  }

  /** 805.5, 805.5a, 805.10: who the view says the game waits for, and who may act for that side. */
  private checkWhoActs(w: ReturnType<typeof waitingFor>, v: View): void {
    const mismatch = (rule: string, what: string, expected: unknown, inView: unknown) => {
      if (!sameJson(expected, inView)) this.fail(rule, `${what}: expected ${JSON.stringify(expected)}, the view says ${JSON.stringify(inView)}`);
    };
    const holder = w === 'priority' ? this.holder : null;
    mismatch(this.rule('805.5', '117'), 'priority', holder, v.priority);
    const inGame = (side: string) => this.playersOf(side).filter((p) => !this.left.includes(p));
    mismatch(this.rule('805.5a', '117'), 'who may act', holder === null ? [] : inGame(holder), v.mayAct);
    const declaring = w === 'declareAttackers' ? this.active : w === 'declareBlockers' ? this.defendersLeft[0] ?? null : null;
    mismatch(this.rule('805.10', '508.1/509.1'), 'who declares', declaring, v.declaring);
    const side = holder ?? declaring ?? (w === 'orderTriggers' ? this.pass?.sides[0] ?? null : null);
    const awaiting = v.awaiting && { kind: v.awaiting.kind, side: v.awaiting.side, players: v.awaiting.players };
    mismatch(this.rule('805.5a', '117'), 'what the game waits for', side === null ? null : { kind: w, side, players: inGame(side) }, awaiting);
    const activeTeam = this.teams && this.active !== null && this.isIn(this.active) ? this.active : null;
    mismatch(this.rule('805.4a', '500'), 'the active team and players', [activeTeam, this.activePlayers()], [v.activeTeam, v.activePlayers]);
    mismatch('500.7', 'extra turn', this.extraTurn, v.extraTurn);
    // 722.1, 722.5, 805.8: who controls whom, who decides for each player and for what the game waits for, what waits
    const c = this.control;
    mismatch('722.1', 'controlled players', c === null ? {} : Object.fromEntries(this.playersOf(c.side).map((p) => [p, c.controller])), v.controlledBy);
    mismatch('722.5', 'who decides', Object.fromEntries(this.players.filter((p) => !this.left.includes(p)).map((p) => [p, this.controllerInstead(this.sideOf(p)) ?? p])), v.decides);
    mismatch('722.1a', 'control waiting', Object.fromEntries(this.pendingControl.map((p) => [p.side, p.controller])), v.pendingControl);
    mismatch('722.5', 'who decides now', side === null ? null : this.controllerInstead(side) ?? side, v.decider);
    mismatch(this.teamTurnEffects ? '805.8/500.7/500.11' : this.rule('805.4', '500.7/500.11/101.4'), 'the upcoming turns', this.upcomingSides(v.nextTurns.length), v.nextTurns);
  }

  private checkSnapshot(s: TurnSnapshot): void {
    const ctx = s.context;
    const w = waitingFor(s);
    if (w === null && !this.over) this.fail('117', 'the game waits for nobody: no player holds priority and no declaration is pending');
    if (w !== null && this.over) this.fail('104.2a', `the game is over but waits for ${w}`);
    if (w === 'priority') {
      if (!this.sides.includes(ctx.priority.holder ?? '')) this.fail('117', `priority held by ${ctx.priority.holder}`);
      if (ctx.step === 'untap') this.fail('502.4', 'a player holds priority in the untap step');
      if (ctx.step === null && !MAIN_PHASES.includes(ctx.phase ?? '')) this.fail('117', 'a player holds priority outside a step or main phase');
    }
    if (w === 'declareAttackers' && ctx.step !== 'declareAttackers') this.fail('508.1', `waiting for attackers in ${ctx.step}`);
    // (508.8: none declared; creatures removed from combat since, or a combat of only an added declare blockers step, still declare)
    if (w === 'declareBlockers' && (ctx.step !== 'declareBlockers' || (ctx.attackers.length === 0 && this.combat?.attackers?.length === 0 && !this.stepAdded))) {
      this.fail('509.1/508.8', `waiting for blockers in ${ctx.step} with ${ctx.attackers.length} attackers`);
    }
    if (ctx.resolution !== null) this.fail('608', 'a resolution is unfinished while the game waits for a player');
    if (ctx.procedure !== null) this.fail('723', 'a 723 procedure is unfinished while the game waits for a player');
    if ((ctx.attackers.length > 0 || ctx.blockers.length > 0) && ctx.phase !== 'combat') {
      this.fail('511.3', `${[...ctx.attackers, ...ctx.blockers].map((c) => c.id).join(', ')} in combat outside a combat phase`);
    }
    const v = view(s);
    this.checkOrderView(w, v);
    this.checkWhoActs(w, v);
    // The history must tell the same story as the view.
    const mismatch = (what: string, fromHistory: unknown, inView: unknown) => {
      if (!sameJson(fromHistory, inView)) this.fail('history', `${what}: history says ${JSON.stringify(fromHistory)}, the view ${JSON.stringify(inView)}`);
    };
    mismatch('stack', this.stack, v.stack);
    mismatch('waiting triggers', this.pending, v.pendingTriggers);
    const activePlayer = this.active !== null && !this.isIn(this.active) ? null : this.teams ? this.activePlayers()[0] ?? null : this.activePrimary;
    mismatch('turn', [this.turn, activePlayer], [v.turn, v.activePlayer]);
    mismatch('current phase and step', [this.openPhase, this.openStep], [v.phase, v.step]);
    mismatch('steps this turn', this.stepsThisTurn, v.stepsThisTurn);
    mismatch('effects in force', this.effects.map((e) => e.id).sort(), [...v.effects].sort());
    mismatch('hand sizes', this.hands, v.handSize);
    const inCombat = [...v.attackers, ...v.blockers];
    mismatch('creatures in combat', [...this.combatants.keys()].sort(), [...inCombat].sort());
    for (const id of this.combatants.keys()) if (!inCombat.includes(id)) this.combatants.delete(id); // reported once, not at every event after
    for (const p of this.players) {
      if ((ctx.manaPool[p] ?? 0) > 0 && !this.manaSource) this.fail('500.5', `${p} has mana that was not added during this step`);
    }
  }
}

/** The rule a missing or unexpected "beginning of" trigger breaks: 603.7 for one bound to a turn or phase, 805.4d for one per active player. */
const atRule = (ats: readonly RegisteredAt[]) =>
  (ats.some((at) => at.binding !== undefined) ? '603.7' : ats.some((at) => at.perActivePlayer) ? '805.4d/500.6' : '500.6');
const atList = (ats: readonly RegisteredAt[]) => ats.map((at) => `${at.id} (${at.when}${at.binding !== undefined ? `, ${at.binding}` : ''})`).join(', ');

/** Formats violations for an assertion message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  [${v.rule}] (event #${v.at}) ${v.message}`).join('\n');
}
