// What each transition of the turn machine means, with its rule: the sentence the details box shows
// when a transition is clicked. A transition's own `description` in machines/turn.ts comes first; for
// those without one, the words are here, keyed by the source state, the event and the guard's name.
import { ruleOf, type ChartTransition } from './graph.js';
import { phaseOrStepName } from './names.js';

export interface Explanation {
  sentence: string;
  rule: string;
}

/** The target's last key, for sentences about where a transition goes (`…phases.combat` → `combat`). */
type Words = string | ((target: string) => string);

const lastKey = (id: string) => id.slice(id.lastIndexOf('.') + 1);

/** What a refused event would have been, by the params of `isRefused` (what the game waits for). */
const REFUSAL_RULES: Record<string, string> = { priority: '117.1', declareAttackers: '508.1', declareBlockers: '509.1', orderTriggers: '603.3b' };

/** Host reports, accepted at any time (the machine's root): the rule of what each reports. */
const REPORTS: Record<string, [string, string]> = {
  'trigger.report': ['603.2', 'the host reports that an ability triggered; it goes on the stack the next time a player would receive priority (117.5)'],
  'trigger.register': ['603.7', 'a delayed triggered ability ("at the beginning of…") is registered; it triggers when its moment comes'],
  'stateBasedActions.schedule': ['704.3', 'the host says what the next check of state-based actions performs (and what that makes trigger)'],
  'effect.create': ['611.2', 'a continuous effect from a resolved spell or ability starts, with its duration'],
  'mana.add': ['106.4', "mana enters a player's mana pool"],
  'target.invalidate': ['608.2b', 'a target of an object on the stack has become illegal; it is checked as the object resolves'],
  'condition.set': ['608.2c', 'a condition an instruction depends on ("if …") changes'],
  'discard.schedule': ['603.2', 'the host says what the next discard of a player makes trigger'],
  'combatant.set': ['702.7', 'a creature in combat gains or loses first strike (702.7) or double strike (702.4)'],
};

/** `source|event|guard` → [rule, words]. `source` is the state id below the root; `event` is empty for eventless transitions. */
const TABLE: Record<string, [string, Words]> = {
  'turn.phases.nextPhase||isNextPhase': ['500.1', (t) => `the next phase of the plan is the ${phaseOrStepName(lastKey(t))}: it begins`],
  'turn.phases.nextPhase||isNextPhaseSkipped': ['500.11', 'the next phase of the plan is skipped: it is passed over, and the one after it considered'],
  'turn.phases.nextPhase||': ['500.1', 'no phase is left in the plan: the turn ends, and the next turn begins (extra turns first, 500.7; skipped turns passed over, 500.11)'],
  'turn.phases|combat.declareAttackers|': ['508.1', 'attackers are declared only as the declare attackers step begins: refused now, nothing changes'],
  'turn.phases|combat.declareBlockers|': ['509.1', 'blockers are declared only as the declare blockers step begins: refused now, nothing changes'],
  'turn.phases.beginning|step.finished|': ['500.2', 'the step has ended (500.2; the untap step when its actions are done, 500.3): the next step of the phase'],
  'turn.phases.combat|step.finished|': ['500.2', 'the step has ended (all players passed in succession with the stack empty): the next combat step'],
  'turn.phases.ending|step.finished|': ['500.2', 'the step has ended (the end step by passes, the cleanup step when its actions are done, 500.3): the next step'],
  'turn.phases.precombatMain|step.finished|': ['500.2', 'the main phase has ended (all players passed in succession with the stack empty): the next phase'],
  'turn.phases.postcombatMain|step.finished|': ['500.2', 'the main phase has ended (all players passed in succession with the stack empty): the next phase'],
  'turn.phases.beginning.untap||': ['502.3', 'no player receives priority in the untap step: once the active player has untapped, the step ends (500.3)'],
  'turn.phases.combat.nextStep||isFirstStrikeStepNext': ['510.4', 'a creature with first strike or double strike is in combat: an extra combat damage step, for them only, comes first'],
  'turn.phases.combat.declareAttackers.declaring|combat.declareAttackers|': ['508.1', 'the active player declares attackers (none is a declaration too, 508.8); then the active player receives priority'],
  'turn.phases.combat.declareBlockers.declaring|combat.declareBlockers|isLastBlockDeclaration': ['509.1', 'the last defending player declares blockers: blockers are declared, and the active player receives priority'],
  'turn.phases.combat.declareBlockers.declaring|combat.declareBlockers|': ['509.1', 'a defending player declares blockers; the next defending player in turn order declares next'],
  'turn.priority.inactive|priority.open|': ['117.3a', 'the step or phase gives priority: state-based actions are checked and triggered abilities put on the stack first (117.5), then the active player receives it'],
  'turn.priority.inactive|cleanup.check|': ['514.3', 'the cleanup step has done its actions: does any state-based action or triggered ability need priority (514.3a)?'],
  'turn.priority.inactive|priority.pass|': ['117.1', 'nobody holds priority now (untap, cleanup, declarations, between steps): refused, nothing changes'],
  'turn.priority.inactive|spell.cast|': ['117.1', 'nobody holds priority now, so nobody may cast a spell (601.2): refused, nothing changes'],
  'turn.priority.inactive|ability.activate|': ['117.1', 'nobody holds priority now, so nobody may activate an ability (602.2): refused, nothing changes'],
  'turn.priority.inactive|triggers.order|': ['603.3b', 'no order of triggered abilities is asked for now: refused, nothing changes'],
  'turn.priority.cleanupCheck||needsCleanupPriority': ['514.3a', 'state-based actions were performed or abilities triggered: they go on the stack, the active player receives priority, and another cleanup step follows'],
  'turn.priority.cleanupCheck||': ['514.3', 'nothing to do: the cleanup step ends without any player receiving priority'],
  'turn.priority.stateBasedActions||': ['117.5', 'triggered abilities wait to be put on the stack: they go there before anyone receives priority'],
  'turn.priority.triggers||mustOrderTriggers': ['603.3b', 'a player (805.7: a team) puts two or more abilities on the stack at once and orders them: the game waits for the order'],
  'turn.priority.triggers||hasTriggersInPass': ['603.3b', "the next player's abilities in APNAP order (101.4) go on the stack"],
  'turn.priority.triggers||putTriggersThisPass': ['117.5', 'abilities went on the stack: state-based actions are checked again before anyone receives priority'],
  'turn.priority.triggers||': ['117.5', 'nothing is left to check or put on the stack: the player receives priority'],
  'turn.priority.orderingTriggers|triggers.order|': ['603.3b', 'the order is given: the abilities go on the stack in it, the first lowest'],
  'turn.priority.orderingTriggers|priority.pass|': ['603.3b', 'nobody holds priority while abilities are being ordered: refused, nothing changes'],
  'turn.priority.orderingTriggers|spell.cast|': ['603.3b', 'nobody holds priority while abilities are being ordered: refused, nothing changes'],
  'turn.priority.orderingTriggers|ability.activate|': ['603.3b', 'nobody holds priority while abilities are being ordered: refused, nothing changes'],
  'turn.priority.holding|priority.pass|isLastPassOnEmptyStack': ['500.2', 'all players passed in succession with the stack empty: the step or phase ends'],
  'turn.priority.holding|priority.pass|isLastPass': ['117.4', 'all players passed in succession: the top object of the stack resolves (608.1)'],
  'turn.priority.holding|priority.pass|': ['117.3d', 'the player passes: the next player in turn order receives priority'],
  'turn.priority.holding|spell.cast|': ['117.3c', 'the player casts a spell (601.2): it goes on the stack, and the same player receives priority again'],
  'turn.priority.holding|ability.activate|': ['117.3c', 'the player activates an ability (602.2): it goes on the stack, and the same player receives priority again'],
  'turn.priority.holding|triggers.order|': ['603.3b', 'no order of triggered abilities is asked for now: refused, nothing changes'],
};

/** Entries true of every phase: the next step, a skipped step, no step left. */
const ANY_PHASE: Record<string, [string, Words]> = {
  'nextStep||isNextStep': ['500.1', (t) => `the next step of the phase's plan is the ${phaseOrStepName(lastKey(t))}: it begins`],
  'nextStep||isNextStepSkipped': ['500.11', 'the next step is skipped: it is passed over, and the one after it considered'],
  'nextStep||': ['500.1', 'no step is left in this phase: it ends, and the next phase is considered'],
};

/** `isNextStep(draw)` → `isNextStep`. */
const guardName = (guard: string | undefined) => guard?.replace(/\(.*$/, '') ?? '';

/**
 * The sentence and rule of a transition of the turn machine (`source` its state's id, `target` its target's
 * id if any): its own description when it has one, else the words of the table; undefined for another machine.
 */
export function explainTransition(rootId: string, source: string, transition: ChartTransition, target?: string): Explanation | undefined {
  const own = transition.description;
  const ownRule = ruleOf(own);
  if (own && ownRule) return { sentence: own, rule: ownRule };
  if (rootId !== 'mtgTurn') return own ? { sentence: own, rule: '' } : undefined;
  const local = source === rootId ? '' : source.slice(rootId.length + 1);
  const event = transition.eventType;
  const guard = guardName(transition.guard);
  if (guard === 'isRefused') {
    const waitingFor = transition.guard?.match(/\((.*)\)/)?.[1] ?? 'null';
    const report = REPORTS[event];
    const rule = REFUSAL_RULES[waitingFor] ?? report?.[0] ?? '117.1';
    const what = waitingFor === 'null' ? 'a malformed or impossible report' : `a ${event} that is not this player's to make now, or not legal`;
    return { sentence: `${rule}: ${what} is refused with its reason and rule; nothing changes.`, rule };
  }
  if (local === '' && REPORTS[event]) {
    const [rule, words] = REPORTS[event];
    return { sentence: `${rule}: ${words}.`, rule };
  }
  const key = `${event}|${guard}`;
  const entry = TABLE[`${local}|${key}`] ?? (local.endsWith('.nextStep') ? ANY_PHASE[`nextStep|${key}`] : undefined);
  if (!entry) return own ? { sentence: own, rule: '' } : undefined;
  const [rule, words] = entry;
  return { sentence: `${rule}: ${typeof words === 'string' ? words : words(target ?? '')}.`, rule };
}
