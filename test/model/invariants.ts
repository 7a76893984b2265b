// Rule invariants, checked after every event of every generated path, fuzz sequence and
// differential run. The monitor reads only what a host sees: the events it sent, the
// history records they produced, the refusals, and the snapshot/view after each event.
// It keeps its own shadow of the game (stack, waiting triggers, open step, turn order,
// effect durations) built from the records, independent of the machine's rules code.
import {
  explainRefusal, view, waitingFor,
  type AtTriggerSpec, type CreatureSpec, type Duration, type GameInput, type HistoryRecord,
  type PhaseId, type PlayerId, type Refusal, type ResolutionEffect, type StackObjectSpec, type StepId, type TurnEvent,
  type TurnSnapshot,
} from '../../src/index.js';

/** What one event did, as the host saw it. `event: null` is the game's start. */
export interface Observation {
  event: TurnEvent | null;
  before: TurnSnapshot | null;
  after: TurnSnapshot;
  records: readonly HistoryRecord[];
  /** The `rejected` the machine emitted for this event, if any. */
  refusal: Refusal | null;
}

export interface Violation {
  rule: string;
  message: string;
  /** Index of the observation (0 = the game's start) where it was found. */
  at: number;
}

// 500.1 — written out here, not imported from the machine, so the monitor is an independent oracle.
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

interface LiveEffect { id: string; until: Duration | undefined; expired: boolean; ended: boolean }
interface Procedure {
  kind: 'endTurn' | 'endCombat';
  pendingAtStart: Set<string>;
  stackAtStart: Set<string>;
  sbaChecked: boolean;
}
interface CombatInstance {
  steps: StepId[];
  attackers: CreatureSpec[] | null;
  blockers: CreatureSpec[];
  defendersDeclared: number;
  firstStrike: boolean;
  procedure: boolean;
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const hasFirstStrike = (c: CreatureSpec) => c.firstStrike === true || c.doubleStrike === true;

export class RulesMonitor {
  readonly violations: Violation[] = [];
  private readonly players: PlayerId[];
  private readonly n: number;
  private readonly skipFirstDraw: boolean;
  private at = 0;
  private batch: Violation[] = [];

  // what the host told the game
  private readonly specs = new Map<string, StackObjectSpec | AtTriggerSpec>();
  private readonly durations = new Map<string, Duration>();
  private readonly stackKind = new Map<string, 'ability' | 'copy' | 'card'>();

  // the shadow game, from the records
  private turn = 0;
  private active: PlayerId | null = null;
  private openPhase: PhaseId | null = null;
  private openStep: StepId | null = null;
  private stepsThisTurn: string[] = [];
  private lastRank = -1;
  private stack: string[] = [];
  private pending: string[] = [];
  private passesInRow = 0;
  private expectedHolder: PlayerId | null = null;
  private lastRecordType: string | null = null;
  private triggerRunSeat = -1;
  /** Effects in force, in creation order (ids may repeat: an ability that triggers twice creates its effect twice). */
  private effects: LiveEffect[] = [];
  private procedure: Procedure | null = null;
  private exiledNonCards: string[] = [];
  private combat: CombatInstance | null = null;
  private readonly combatants = new Map<string, CreatureSpec>();
  private cleanup = { cause: false, window: false };
  private lastStepBegun: string | null = null;
  private lastCleanupHadWindow: boolean | null = null;
  private manaSource = false;
  private stepAdded = false;
  private phasesAdded = false;
  private readonly playersWithSkips = new Set<PlayerId>();
  private declaredThisStep = false;
  /** What happened to the combat phases of this turn so far (context for structure violations). */
  private earlierCombats = { withoutAttackers: false, endedByEffect: false };
  // 500.7, 500.11, 101.4: the turn order oracle
  private readonly oracle = { extra: [] as PlayerId[], regular: 0, skips: [] as PlayerId[] };
  // 608.2a/608.2b/608.3: conditions and targets as the host set them; the object resolving now
  private readonly illegalTargets = new Set<string>();
  private readonly falseConditions = new Set<string>();
  private resolving: { id: string; resolves: boolean } | null = null;
  private copiesToCease: string[] = [];
  /** State-based actions the host scheduled for the next check. */
  private scheduledActions = 0;
  // 500.6: registered "at the beginning of" abilities, and the ones that must trigger now
  private ats: AtTriggerSpec[] = [];
  private mustTrigger: string[] | null = null;
  // 504.1, 514.1: hand sizes
  private readonly hands: Record<PlayerId, number>;
  private readonly maxHandSize: number;

  constructor(input: GameInput) {
    this.players = [...input.players];
    this.n = this.players.length;
    this.skipFirstDraw = input.options?.skipFirstDraw ?? this.players.length === 2;
    this.hands = Object.fromEntries(this.players.map((p) => [p, input.options?.hands?.[p] ?? 7]));
    this.maxHandSize = input.options?.maxHandSize ?? 7;
  }

  /** Checks one event's effects; returns the violations it revealed (also kept in `violations`). */
  observe(o: Observation): Violation[] {
    this.batch = [];
    this.checkEvent(o);
    if (o.refusal === null && o.event) this.learnFromAcceptedEvent(o.event);
    for (const record of o.records) this.onRecord(record, o);
    this.checkBatch(o);
    this.checkSnapshot(o.after);
    this.at += 1;
    this.violations.push(...this.batch);
    return this.batch;
  }

  private fail(rule: string, message: string): void {
    this.batch.push({ rule, message, at: this.at });
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
    if (o.refusal) {
      if (o.records.length > 0) this.fail('event', `a refused ${o.event.type} recorded history: ${o.records.map((r) => r.type).join(', ')}`);
      if (!sameJson(o.before.value, o.after.value)) this.fail('event', `a refused ${o.event.type} changed the state ${JSON.stringify(o.before.value)} → ${JSON.stringify(o.after.value)}`);
      if (!sameJson(o.before.context, o.after.context)) this.fail('event', `a refused ${o.event.type} changed the context`);
      if (!o.refusal.rule || !o.refusal.reason) this.fail('event', 'a refusal must name a reason and a rule');
    }
  }

  private learnFromAcceptedEvent(event: TurnEvent): void {
    switch (event.type) {
      case 'spell.cast':
      case 'ability.activate':
        this.learnObject(event.object);
        this.stackKind.set(event.object.id, event.type === 'ability.activate' ? 'ability' : event.object.copy ? 'copy' : 'card');
        this.expectedHolder = event.object.controller; // 117.3c
        break;
      case 'trigger.report':
        this.learnObject(event.ability);
        break;
      case 'stateBasedActions.schedule':
        if (event.ability) this.learnObject(event.ability);
        this.scheduledActions += 1;
        break;
      case 'trigger.register':
        this.learnObject(event.trigger);
        this.ats.push(event.trigger);
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
      case 'combat.declareAttackers':
        if (this.combat) {
          this.combat.attackers = [...event.attackers];
          if (event.attackers.some(hasFirstStrike)) this.combat.firstStrike = true;
        }
        for (const c of event.attackers) this.combatants.set(c.id, c);
        this.declaredThisStep = true;
        break;
      case 'combat.declareBlockers':
        if (this.combat) {
          this.combat.blockers.push(...event.blockers);
          this.combat.defendersDeclared += 1;
          if (event.blockers.some(hasFirstStrike)) this.combat.firstStrike = true;
        }
        for (const c of event.blockers) this.combatants.set(c.id, c);
        break;
      default:
        break;
    }
  }

  private learnObject(spec: StackObjectSpec | AtTriggerSpec): void {
    this.specs.set(spec.id, spec);
    for (const effect of spec.effects ?? []) {
      if ('trigger' in effect) this.learnObject(effect.trigger);
      else if ('cast' in effect) { this.learnObject(effect.cast); this.stackKind.set(effect.cast.id, effect.cast.copy ? 'copy' : 'card'); }
      else if ('at' in effect) this.learnObject(effect.at);
      else if ('createEffect' in effect) this.durations.set(effect.createEffect.id, effect.createEffect.until);
    }
  }

  private specOf(id: string): StackObjectSpec | AtTriggerSpec | undefined {
    return this.specs.get(id) ?? this.specs.get(id.split('@')[0]);
  }

  private seat(player: PlayerId | undefined): number {
    if (player === undefined || this.active === null) return -1;
    return (this.players.indexOf(player) - this.players.indexOf(this.active) + this.n) % this.n;
  }

  private nextPlayer(player: PlayerId): PlayerId {
    return this.players[(this.players.indexOf(player) + 1) % this.n];
  }

  private nextTurnPlayer(): PlayerId {
    for (;;) {
      let player = this.oracle.extra.shift();
      if (player === undefined) {
        player = this.players[this.oracle.regular];
        this.oracle.regular = (this.oracle.regular + 1) % this.n;
      }
      const skip = this.oracle.skips.indexOf(player);
      if (skip < 0) return player;
      this.oracle.skips.splice(skip, 1);
    }
  }

  private applyResolvedEffects(effects: readonly ResolutionEffect[]): void {
    for (const effect of effects) {
      if ('extraTurn' in effect) this.oracle.extra.unshift(effect.extraTurn.player!);
      else if ('skip' in effect) {
        if ('turn' in effect.skip) { if (!effect.skip.each) this.oracle.skips.push(effect.skip.player!); }
        else this.playersWithSkips.add(effect.skip.player!);
      } else if ('addStep' in effect) this.stepAdded = true;
      else if ('addPhases' in effect) this.phasesAdded = true;
    }
  }

  // ---- the history records, in order --------------------------------------------------

  private onRecord(r: HistoryRecord, o: Observation): void {
    if (r.type !== 'putOnStack' || !this.pending.includes(r.id)) this.triggerRunSeat = -1;
    if (this.mustTrigger && r.type !== 'triggered' && r.type !== 'effectEnded') {
      if (this.mustTrigger.length > 0) this.fail('500.6', `"at the beginning of" abilities ${this.mustTrigger.join(', ')} did not trigger as ${this.lastStepBegun ?? this.openPhase} began`);
      this.mustTrigger = null;
    }
    switch (r.type) {
      case 'turnBegan': this.onTurnBegan(r.player, r.turn); break;
      case 'turnEnded': this.onTurnEnded(); break;
      case 'phaseBegan': this.onPhaseBegan(r.phase!); break;
      case 'phaseEnded': this.onPhaseEnded(r.phase!); break;
      case 'stepBegan': this.onStepBegan(r.step!); break;
      case 'stepEnded': this.onStepEnded(r.step!); break;
      case 'priority': this.onPriority(r.player!, r.phase, r.step); break;
      case 'passed':
        if (o.event?.type !== 'priority.pass' || o.event.player !== r.player) this.fail('117.3d', `${r.player} passed without passing`);
        this.passesInRow += 1;
        this.expectedHolder = this.nextPlayer(r.player); // 117.3d
        break;
      case 'putOnStack': this.onPutOnStack(r.id); break;
      case 'resolved':
      case 'didNotResolve': this.onResolution(r.id, r.type === 'resolved'); break;
      case 'moved':
      case 'merged':
      case 'ceasedToExist': this.onLeftStack(r.id, r.type === 'moved' ? r.to : r.type); break;
      case 'triggered': {
        const spec = this.specOf(r.id);
        if (spec?.if !== undefined && this.falseConditions.has(spec.if)) this.fail('603.4', `${r.id} triggered although its condition ${spec.if} is false`);
        const due = this.mustTrigger?.findIndex((id) => r.id === id || r.id.startsWith(`${id}@`)) ?? -1;
        if (due >= 0) this.mustTrigger!.splice(due, 1);
        else if (spec && 'when' in spec) this.fail('500.6/500.11', `"at the beginning of ${spec.when}" ability ${r.id} triggered although no such step or phase began`);
        this.pending.push(r.id);
        if (this.openStep === 'cleanup' && !this.cleanup.window) this.cleanup.cause = true;
        break;
      }
      case 'triggerRemoved':
        if (!this.procedure || !this.procedure.pendingAtStart.has(r.id)) {
          this.fail('723.1a', `trigger ${r.id} removed although it did not wait when a 723 procedure began`);
        }
        this.pending = this.pending.filter((id) => id !== r.id);
        break;
      case 'stateBasedActions':
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
        break;
      }
      case 'removedFromCombat':
        this.combatants.delete(r.id);
        break;
      case 'manaEmptied':
        break;
      case 'discarded':
        if (r.step !== 'cleanup') this.fail('514.1', `discarded to hand size in ${r.step ?? r.phase}`);
        if (r.player !== this.active || r.count !== this.hands[r.player] - this.maxHandSize) {
          this.fail('514.1', `${r.player} discarded ${r.count} with ${this.hands[r.player]} cards in hand (maximum ${this.maxHandSize})`);
        }
        this.hands[r.player] -= r.count;
        break;
      case 'turnEndedByEffect':
      case 'combatEndedByEffect':
        this.onProcedureStart(r.type === 'turnEndedByEffect' ? 'endTurn' : 'endCombat', r.phase, r.source);
        break;
      case 'endCombatIgnored':
        if (r.phase === 'combat') this.fail('723.2g', `ending combat was ignored during a combat phase (${r.source})`);
        break;
      default:
        break;
    }
    this.lastRecordType = r.type;
  }

  private onTurnBegan(player: PlayerId, turn: number): void {
    if (this.openPhase !== null || this.openStep !== null) this.fail('500.1', `turn ${turn} began inside ${this.openStep ?? this.openPhase}`);
    if (turn !== this.turn + 1) this.fail('500', `turn ${turn} follows turn ${this.turn}`);
    const expected = this.nextTurnPlayer();
    if (player !== expected) this.fail('500.7/500.11/101.4', `turn ${turn} is ${player}'s; turn order, extra and skipped turns say ${expected}'s`);
    this.turn = turn;
    this.active = player;
    this.stepsThisTurn = [];
    this.lastRank = -1;
    this.stepAdded = false;
    this.phasesAdded = false;
    this.lastCleanupHadWindow = null;
    this.lastStepBegun = null;
    this.earlierCombats = { withoutAttackers: false, endedByEffect: false };
  }

  private onTurnEnded(): void {
    if (this.openPhase !== null) this.fail('500.1', `the turn ended inside the ${this.openPhase} phase`);
    if (this.procedure?.kind === 'endTurn') this.fail('723.1d', 'the turn ended during a 723.1 procedure, before a cleanup step');
    this.procedure = null; // 723.2d: a combat phase ended by an effect may have been the turn's last phase
    const altered = this.stepAdded || this.phasesAdded || this.playersWithSkips.has(this.active!);
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
    this.passesInRow = 0;
    this.expectedHolder = this.active; // 117.3a
    this.manaSource = false;
    this.declaredThisStep = false;
    this.expire((until) => typeof until === 'object' && 'beginningOf' in until && until.beginningOf === name && until.whoseTurn === undefined); // 500.4
  }

  private onPhaseBegan(phase: PhaseId): void {
    if (this.openPhase !== null || this.openStep !== null) this.fail('500.1', `${phase} began inside ${this.openStep ?? this.openPhase}`);
    if (this.procedure?.kind === 'endTurn' && phase !== 'ending') this.fail('723.1d', `the ${phase} phase began while the turn was being ended (straight to cleanup)`);
    if (this.procedure?.kind === 'endCombat') this.procedure = null; // 723.2d: the next phase
    this.openPhase = phase;
    if (phase === 'combat') this.combat = { steps: [], attackers: null, blockers: [], defendersDeclared: 0, firstStrike: false, procedure: false };
    if (MAIN_PHASES.includes(phase)) this.beginStepLike(phase);
    else {
      this.passesInRow = 0;
      this.manaSource = false;
      this.expire((until) => typeof until === 'object' && 'beginningOf' in until && until.beginningOf === phase && until.whoseTurn === undefined); // 500.4
      this.expectTriggers(phase);
    }
  }

  private onPhaseEnded(phase: PhaseId): void {
    if (this.openPhase !== phase) this.fail('500.1', `the ${phase} phase ended but ${this.openPhase} was the current phase`);
    if (this.openStep !== null) this.fail('500.1', `the ${phase} phase ended inside the ${this.openStep} step`);
    if (this.stack.length > 0) this.fail('500.2', `the ${phase} phase ended with ${this.stack.join(', ')} on the stack`);
    if (this.procedure?.kind === 'endTurn' && phase === 'ending') this.fail('723.1d', 'ending the turn in the ending phase ended the phase; only the step ends');
    if (MAIN_PHASES.includes(phase) && !this.procedure && this.passesInRow < this.n) {
      this.fail('500.2', `${phase} ended after ${this.passesInRow} passes in succession (${this.n} players)`);
    }
    if (phase === 'combat') {
      if (this.combatants.size > 0) this.fail('511.3/506.4', `${[...this.combatants.keys()].join(', ')} still in combat after the combat phase`);
      this.checkCombatStructure();
      if (this.combat?.attackers?.length === 0) this.earlierCombats.withoutAttackers = true;
      if (this.combat?.procedure) this.earlierCombats.endedByEffect = true;
      this.expire((until) => until === 'endOfCombat');
    }
    if (MAIN_PHASES.includes(phase)) this.expire((until) => until === 'endOfStep');
    this.expire((until) => until === 'endOfPhase');
    this.openPhase = null;
  }

  /** 506.1, 508.8, 510.4, 511: a combat phase nothing unusual happened to has exactly these steps. */
  private checkCombatStructure(): void {
    const c = this.combat;
    if (!c || c.procedure || this.stepAdded || this.playersWithSkips.has(this.active!)) return;
    const attacked = (c.attackers?.length ?? 0) > 0;
    const expected = ['beginningOfCombat', 'declareAttackers',
      ...(attacked ? ['declareBlockers', ...(c.firstStrike ? ['firstStrikeDamage'] : []), 'combatDamage'] : []), 'endOfCombat'];
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
    if (this.procedure?.kind === 'endCombat') this.fail('723.2d', `the ${step} step began while the combat phase was being ended`);
    if (this.procedure?.kind === 'endTurn') {
      if (step !== 'cleanup') this.fail(step === 'end' ? '723.1e' : '723.1d', `the ${step} step began while the turn was being ended (straight to cleanup)`);
      if (!this.procedure.sbaChecked) this.fail('723.1c', 'no state-based-action check during the 723.1 procedure');
      this.procedure = null;
    }
    const c = this.combat;
    if (c && this.openPhase === 'combat') {
      const attacked = (c.attackers?.length ?? 0) > 0;
      if (['declareBlockers', 'combatDamage', 'firstStrikeDamage'].includes(step) && c.attackers !== null && !attacked) {
        this.fail('508.8', `${step} began although no creature attacked`);
      }
      if (step === 'declareBlockers' && c.attackers === null) this.fail('509', 'declare blockers began without a declare attackers step');
      const firstStrikers = [...this.combatants.values()].some(hasFirstStrike);
      if (step === 'firstStrikeDamage' && !firstStrikers) this.fail('510.4', 'a first-strike damage step without a first or double striker in combat');
      if (step === 'combatDamage' && firstStrikers && !c.steps.includes('firstStrikeDamage') && !this.playersWithSkips.has(this.active!)) {
        this.fail('510.4', 'combat damage began without a first-strike damage step although a first or double striker is in combat');
      }
      c.steps.push(step);
    }
    if (this.turn === 1 && step === 'draw' && this.skipFirstDraw && !this.stepAdded) this.fail('103.8', 'the player who plays first drew in the draw step of turn 1');
    this.openStep = step;
    this.beginStepLike(step);
    if (step === 'draw') this.hands[this.active!] += 1; // 504.1
    if (step === 'cleanup') {
      this.cleanup = { cause: this.pending.length > 0, window: false };
      this.expire((until) => until === 'endOfTurn'); // 514.2
    }
  }

  private onStepEnded(step: StepId): void {
    if (this.openStep !== step) this.fail('500.1', `the ${step} step ended but ${this.openStep} was the current step`);
    if (this.stack.length > 0) this.fail('500.2', `the ${step} step ended with ${this.stack.join(', ')} on the stack`);
    const givesPriority = step !== 'untap' && (step !== 'cleanup' || this.cleanup.window);
    if (givesPriority && !this.procedure && this.passesInRow < this.n) {
      this.fail('500.2', `${step} ended after ${this.passesInRow} passes in succession (${this.n} players)`);
    }
    if (step === 'cleanup') this.lastCleanupHadWindow = this.cleanup.window;
    this.expire((until) => until === 'endOfStep');
    this.openStep = null;
  }

  private onPriority(player: PlayerId, phase: PhaseId | null, step: StepId | null): void {
    if (phase === null) this.fail('117', `${player} received priority outside any phase`);
    else if (step === null && !MAIN_PHASES.includes(phase)) this.fail('117', `${player} received priority between the steps of ${phase}`);
    if (step === 'untap') this.fail('502.4', `${player} received priority in the untap step`);
    if (step === 'cleanup' && this.openStep === 'cleanup' && !this.cleanup.window) {
      if (!this.cleanup.cause) this.fail('514.3', `${player} received priority in cleanup although nothing triggered and no state-based action was performed`);
      this.cleanup.window = true;
    }
    if (step === 'declareAttackers' && !this.declaredThisStep) this.fail('508.1/508.2', 'priority in the declare attackers step before attackers were declared');
    if (step === 'declareBlockers' && this.combat && this.combat.defendersDeclared < this.n - 1) {
      this.fail('509.1/509.2', `priority in the declare blockers step after ${this.combat.defendersDeclared} of ${this.n - 1} declarations`);
    }
    if (this.lastRecordType !== 'stateBasedActions') this.fail('117.5/704.3', `${player} received priority without a state-based-action check just before (after ${this.lastRecordType})`);
    if (this.pending.length > 0) this.fail('117.5/603.3b', `${player} received priority while ${this.pending.join(', ')} waited to go on the stack`);
    if (this.procedure) this.fail(this.procedure.kind === 'endTurn' ? '723.1c/723.1f' : '723.2c/723.2f', `${player} received priority during the 723 procedure`);
    if (this.expectedHolder !== null && player !== this.expectedHolder) this.fail('117.3', `${player} received priority; ${this.expectedHolder} should have`);
    if (this.resolving) this.fail('608.2g/117.3b', `${player} received priority while ${this.resolving.id} was still resolving`);
    this.expectedHolder = null;
  }

  private onPutOnStack(id: string): void {
    const wasWaiting = this.pending.indexOf(id);
    if (wasWaiting >= 0) {
      this.pending.splice(wasWaiting, 1);
      this.stackKind.set(id, 'ability');
      if (this.procedure) this.fail(this.procedure.kind === 'endTurn' ? '723.1c' : '723.2c', `${id} was put on the stack during the 723 procedure`);
      const seat = this.seat(this.specOf(id)?.controller);
      if (seat >= 0 && seat < this.triggerRunSeat) this.fail('603.3b/101.4', `${id} went on the stack out of APNAP order`);
      this.triggerRunSeat = Math.max(this.triggerRunSeat, seat);
    }
    this.stack.push(id);
    this.passesInRow = 0;
  }

  /** 500.6: the registered abilities that trigger as this step or phase begins. */
  private expectTriggers(stepOrPhase: string): void {
    const due = this.ats.filter((at) => at.when === stepOrPhase && (at.whoseTurn === undefined || at.whoseTurn === this.active)
      && (at.if === undefined || !this.falseConditions.has(at.if)));
    this.ats = this.ats.filter((at) => !(at.once && due.includes(at)));
    this.mustTrigger = due.map((at) => at.id);
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
    if (this.passesInRow < this.n) this.fail('117.4/608.1', `${id} resolved after ${this.passesInRow} passes in succession (${this.n} players)`);
    this.passesInRow = 0;
    this.expectedHolder = this.active; // 117.3b
    this.manaSource = true;
    if (resolves) {
      const spec = this.specOf(id);
      if (spec) {
        this.applyResolvedEffects(spec.effects ?? []);
        for (const effect of spec.effects ?? []) if ('at' in effect) this.ats.push(effect.at);
      }
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
    if (this.stack.length > 0 && this.stack[this.stack.length - 1] !== source && !this.stack.includes(source)) {
      this.fail('723.1', `the procedure's source ${source} is not resolving`);
    }
    const upgraded = this.procedure?.kind === 'endTurn' ? 'endTurn' : kind;
    this.procedure = {
      kind: upgraded,
      pendingAtStart: new Set(this.pending),
      stackAtStart: new Set(this.stack),
      sbaChecked: false,
    };
    if (this.combat && this.openPhase === 'combat') this.combat.procedure = true;
  }

  private expire(ends: (until: Duration | undefined) => boolean): void {
    for (const effect of this.effects) if (ends(effect.until)) effect.expired = true;
  }

  // ---- after the event -----------------------------------------------------------------

  private checkBatch(o: Observation): void {
    for (const effect of this.effects) {
      const until = JSON.stringify(effect.until);
      if (effect.ended && !effect.expired) this.fail('500.4/500.5/514.2', `effect ${effect.id} (until ${until}) ended before its duration was over`);
      if (!effect.ended && effect.expired) this.fail(this.durationRule(effect.until), `effect ${effect.id} (until ${until}) outlived its duration`);
    }
    this.effects = this.effects.filter((e) => !e.ended && !e.expired);
    if (this.mustTrigger && this.mustTrigger.length > 0) this.fail('500.6', `"at the beginning of" abilities ${this.mustTrigger.join(', ')} did not trigger`);
    this.mustTrigger = null;
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
        if (poolBefore > 0 && firstEnd >= 0
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
    if (typeof until === 'object') return '500.4';
    return '500.5';
  }

  private checkSnapshot(s: TurnSnapshot): void {
    const ctx = s.context;
    const w = waitingFor(s);
    if (w === null) this.fail('117', 'the game waits for nobody: no player holds priority and no declaration is pending');
    if (w === 'priority') {
      if (!this.players.includes(ctx.priority.holder ?? '')) this.fail('117', `priority held by ${ctx.priority.holder}`);
      if (ctx.step === 'untap') this.fail('502.4', 'a player holds priority in the untap step');
      if (ctx.step === null && !MAIN_PHASES.includes(ctx.phase ?? '')) this.fail('117', 'a player holds priority outside a step or main phase');
    }
    if (w === 'declareAttackers' && ctx.step !== 'declareAttackers') this.fail('508.1', `waiting for attackers in ${ctx.step}`);
    if (w === 'declareBlockers' && (ctx.step !== 'declareBlockers' || ctx.attackers.length === 0)) this.fail('509.1/508.8', `waiting for blockers in ${ctx.step} with ${ctx.attackers.length} attackers`);
    if (ctx.resolution !== null) this.fail('608', 'a resolution is unfinished while the game waits for a player');
    if (ctx.procedure !== null) this.fail('723', 'a 723 procedure is unfinished while the game waits for a player');
    if ((ctx.attackers.length > 0 || ctx.blockers.length > 0) && ctx.phase !== 'combat') {
      this.fail('511.3', `${[...ctx.attackers, ...ctx.blockers].map((c) => c.id).join(', ')} in combat outside a combat phase`);
    }
    // The history must tell the same story as the view.
    const v = view(s);
    const mismatch = (what: string, fromHistory: unknown, inView: unknown) => {
      if (!sameJson(fromHistory, inView)) this.fail('history', `${what}: history says ${JSON.stringify(fromHistory)}, the view ${JSON.stringify(inView)}`);
    };
    mismatch('stack', this.stack, v.stack);
    mismatch('waiting triggers', this.pending, v.pendingTriggers);
    mismatch('turn', [this.turn, this.active], [v.turn, v.activePlayer]);
    mismatch('current phase and step', [this.openPhase, this.openStep], [v.phase, v.step]);
    mismatch('steps this turn', this.stepsThisTurn, v.stepsThisTurn);
    mismatch('effects in force', this.effects.map((e) => e.id).sort(), [...v.effects].sort());
    mismatch('hand sizes', this.hands, v.handSize);
    for (const p of this.players) {
      if ((ctx.manaPool[p] ?? 0) > 0 && !this.manaSource) this.fail('500.5', `${p} has mana that was not added during this step`);
    }
  }
}

/** Formats violations for an assertion message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `  [${v.rule}] (event #${v.at}) ${v.message}`).join('\n');
}

