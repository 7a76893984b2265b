// The game's state as the rules keep it: plain JSON only (persisted snapshots must round-trip).
// Internal to the machine: hosts read a game through `view`. Deeply readonly: a snapshot's
// context is never changed (undo, time travel, shared parts); a rules function changes the
// game only through its draft (draft.ts), which makes writable just the containers it copies.
import type {
  AtTriggerSpec, AttackerSpec, BlockerSpec, ContinuousEffectSpec, PhaseId, PlayerId, StackObjectSpec, StepId, StepsThisTurnId, TriggerOrder,
  ShortcutCondition, ShortcutEndReason, ShortcutStop, ShortcutUntil,
} from '../vocabulary/index.js';
import type { Limits } from '../vocabulary/limits.js';
import type { HistoryKept } from '../vocabulary/input.js';

/**
 * `T` readonly all the way down: what the game state holds of the vocabulary's types (an
 * object spec from an event, once in the context, is a value: replaced, never changed).
 */
export type Frozen<T> = T extends (...args: never[]) => unknown ? T
  : T extends readonly (infer I)[] ? readonly Frozen<I>[]
    : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> }
      : T;

/** An object on the stack. */
export interface StackObject extends Frozen<StackObjectSpec> {
  readonly kind: 'spell' | 'ability';
}

/** One phase of the rest of the turn: the plan (DESIGN-NOTES: "a plan in context"). */
export interface PlannedPhase {
  /** This phase instance's identity (two combat phases in a turn are two instances). */
  readonly id: number;
  readonly phase: PhaseId;
  readonly steps: readonly StepId[];
}

export interface PendingSkip {
  /** The side (a player, or a team: 805.8) that skips. */
  readonly side: string;
  readonly kind: 'step' | 'phase' | 'turn';
  readonly id: StepId | PhaseId | 'turn';
  readonly each: boolean;
  /** For `each` skips: the turn they apply to, once known (that player's current or next turn). */
  readonly turn: number | null;
}

export interface RegisteredTrigger extends Frozen<AtTriggerSpec> {
  /** How many times it triggered in `countTurn` (for ids `id@T.2`). */
  readonly count: number;
  readonly countTurn: number;
  /** 603.7: a delayed trigger bound to one turn (its id): it triggers only during it and is gone when it ends. */
  readonly turnId?: number;
  /** 603.7: bound to these phase instances (their ids): it triggers only in one of them. */
  readonly phaseIds?: readonly number[];
}

/** A continuous effect in force; `turnId`: the turn an "… on your next turn" duration was bound to. */
export interface ContinuousEffect extends Frozen<ContinuousEffectSpec> {
  readonly turnId?: number;
}

/** 500.7: an extra turn still to take, with its identity (what a delayed trigger may be bound to), and whose (a side). */
export interface ExtraTurn {
  readonly id: number;
  readonly side: string;
}

export interface Resolution {
  readonly object: StackObject;
  /** Index of the next effect to perform (608.2c). */
  readonly next: number;
  /** False when it did not resolve (608.2a, 608.2b): it only leaves the stack. */
  readonly resolves: boolean;
  /** The extra turn the last `extraTurn` of its effects created (what `thatTurn` names), if any. */
  readonly lastExtraTurn: number | null;
  /** The phases the last `addPhases` of its effects added (what `thatPhase` names), if any. */
  readonly lastAddedPhases: readonly number[] | null;
}

/** 117.5, 603.3b: a pass of putting waiting triggered abilities on the stack. */
export interface TriggerPass {
  /** How many of the abilities waiting (the first ones) are in this pass. */
  readonly waiting: number;
  /** The sides still to put theirs on the stack, APNAP (805.7: team by team). */
  readonly sides: readonly string[];
  /** Whether any ability went on the stack in this pass (then state-based actions are checked again). */
  readonly put: boolean;
}

export interface Zones {
  readonly exile: readonly string[];
  readonly graveyard: readonly string[];
  readonly battlefield: readonly string[];
  readonly ceasedToExist: readonly string[];
  /** 800.4a: objects that left the game with their owner. */
  readonly leftGame: readonly string[];
}

/** 800.4a: who owns and who controls an object kept in a zone (108.3: a spell's owner; default its controller). */
export interface ZoneOwner {
  readonly id: string;
  readonly owner: PlayerId;
  readonly controller: PlayerId;
}

/** The options as the rules use them: every default filled in. */
export interface RulesOptions {
  readonly skipFirstDraw: boolean;
  readonly maxHandSize: number;
  readonly triggerOrder: TriggerOrder;
  /**
   * What the game keeps of its past: records are built unless false; the zones are kept for the
   * whole game (`'all'`), for the current turn (`'turn'`: emptied as each turn begins), or not at all.
   */
  readonly history: HistoryKept;
  /** The Comprehensive Rules edition (its date) whose rule numbers records and refusals cite. */
  readonly rulesEdition: string;
  /** 810: Two-Headed Giant (810.8a–b: a team leaves the game together). */
  readonly twoHeadedGiant?: true;
}

/** 722.1 (x.1): a player (805.8: a team) controlled during its turn, and by whom. */
export interface Control {
  /** The side controlled: a player, or with teams a team. */
  readonly side: string;
  readonly controller: PlayerId;
}

/** 722.1, 722.1a: an effect waiting for a side's next turn, in creation order; Emrakul's also gives an extra turn after it. */
export interface PendingControl extends Control {
  readonly thenExtraTurn: boolean;
}

export interface GameContext {
  readonly players: readonly PlayerId[];
  /** Who takes turns, in turn order: the players, or with shared team turns the teams' ids (805.4). */
  readonly sides: readonly string[];
  /** 805: each team's players, in listed order (the first is its primary player); null without teams. */
  readonly teams: Readonly<Record<string, readonly PlayerId[]>> | null;
  /** Whose turn it is: a side. */
  readonly activeSide: string;
  readonly options: RulesOptions;
  readonly limits: Frozen<Limits>;
  /** The turn number (extra turns count, skipped turns do not). */
  readonly turn: number;
  /** The current turn's identity; each turn, extra or not, has its own. */
  readonly turnId: number;
  /** 500.7: the current turn is an extra turn. */
  readonly extraTurn: boolean;
  /** The identity the next new turn will get. */
  readonly nextTurnId: number;
  readonly phase: PhaseId | null;
  /** The current phase instance's identity (0 between phases). */
  readonly phaseId: number;
  /** The identity the next planned phase instance will get. */
  readonly nextPhaseId: number;
  readonly step: StepId | null;
  /** Steps still to come in the current phase. */
  readonly stepQueue: readonly StepId[];
  /** Phases still to come this turn, after the current one. */
  readonly phaseQueue: readonly PlannedPhase[];
  readonly stepsThisTurn: readonly StepsThisTurnId[];
  /** The kinds of the phases begun this turn, in order (500.8: "the first postcombat main phase this turn"). */
  readonly phasesBegun: readonly PhaseId[];
  readonly firstStrikeStepDone: boolean;
  /** 500.7: extra turns still to take; the next is last (the most recently created). */
  readonly extraTurns: readonly ExtraTurn[];
  /** Index in `sides` of the next regular turn's side. */
  readonly nextRegularSide: number;
  readonly skips: readonly PendingSkip[];
  /** Who holds priority (a side: 805.5), and how many sides passed in succession. */
  readonly priority: { readonly holder: string | null; readonly passes: number };
  readonly stack: readonly StackObject[];
  readonly resolution: Resolution | null;
  readonly pendingTriggers: readonly StackObject[];
  readonly triggerPass: TriggerPass | null;
  /** 723.1a/723.2a: set while ending the turn or the combat phase; triggers wait. */
  readonly procedure: 'endTurn' | 'endCombat' | null;
  readonly triggers: readonly RegisteredTrigger[];
  readonly onStateBasedActions: readonly StackObject[];
  /** State-based actions the next check performs that make nothing trigger. */
  readonly stateBasedActionsScheduled: number;
  /** 514.1: abilities waiting for a player's next discard. */
  readonly onDiscard: readonly { readonly player: PlayerId; readonly ability: StackObject }[];
  readonly sbaPerformed: boolean;
  /** Objects that will cease to exist at the next state-based-action check (704.5e, 723.1b). */
  readonly ceaseAtNextCheck: readonly string[];
  /** Where objects went (608.2n, 608.3, 723.1b, 704.5e): a record of the past, kept as the history option says (the game's, this turn's, none). */
  readonly zones: Zones;
  readonly effects: readonly ContinuousEffect[];
  readonly attackers: readonly Frozen<AttackerSpec>[];
  readonly blockers: readonly Frozen<BlockerSpec>[];
  /** The defending sides still to declare blockers, in turn order. */
  readonly defendersToDeclare: readonly string[];
  readonly manaPool: Readonly<Record<PlayerId, number>>;
  readonly handSize: Readonly<Record<PlayerId, number>>;
  readonly illegalTargets: readonly string[];
  readonly falseConditions: readonly string[];
  /** 723.1d, 723.2d: the combat phase is ending because a 723 procedure ended it (what its records cite); null otherwise. */
  readonly combatEndedBy: 'endTurn' | 'endCombat' | null;
  /** 722.1: the control of the current turn's side in force, or null. */
  readonly control: Control | null;
  /** 722.1, 722.1a: control effects waiting for their side's next turn, oldest first. */
  readonly pendingControl: readonly PendingControl[];
  /** 722.1 (Emrakul): extra turns the active side takes after this turn, created as it ends. */
  readonly controlExtraTurns: number;
  /** 800.4: the players who have left the game, in the order they left. */
  readonly left: readonly PlayerId[];
  /** 104.2a, 104.2c: the winners once the game is over; null while it goes on. */
  readonly winners: readonly PlayerId[] | null;
  /** 800.4a: owner and controller of the objects in the zones (kept with the zones, as long as they are). */
  readonly zoneOwners: readonly ZoneOwner[];
  /** 732.2: standing passes (shortcuts) and the bound on automatic passes. */
  readonly shortcuts: ShortcutState;
}

/** 732.2: a side's standing pass in force (FORMAT "Standing passes"), defaults filled. */
export interface StandingPass {
  /** Who it is recorded for: the player named, or with teams a team's primary player when the team was named. */
  readonly player: PlayerId;
  readonly until: Frozen<ShortcutUntil>;
  readonly unless: readonly ShortcutCondition[];
  readonly declareNoAttackers: boolean;
  readonly declareNoBlockers: boolean;
  /** MTGO/Arena stops (API only): it also ends as the first of these begins. */
  readonly stops: readonly Frozen<ShortcutStop>[];
  /** Who set it (the sender: the player, a teammate, or — issue 18 — a controller). */
  readonly by: PlayerId;
}

/** Why a side's last standing pass ended (what `view` says when the game then stops for that side). */
export interface EndedPass {
  readonly reason: ShortcutEndReason;
  readonly until: Frozen<ShortcutUntil>;
  /** The spell or ability whose putting on the stack ended it (opponentCasts, opponentActivates, ownTrigger). */
  readonly object?: string;
}

/** Every standing pass of the game, and the bound on automatic passes (732.2; FORMAT: 1000). */
export interface ShortcutState {
  /** Side → its standing pass in force (no key: none). */
  readonly passes: Readonly<Record<string, StandingPass>>;
  /** Automatic passes made since a player last decided something by hand. */
  readonly run: number;
  /** Side → why its last pass ended; forgotten when that side decides by hand or sets another. */
  readonly ended: Readonly<Record<string, EndedPass>>;
  /** A standing pass's pass (or declaration) was raised and is not yet taken (false whenever the game is at rest). */
  readonly raised: boolean;
}
