import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../src/index.js';
import { explainTransition } from '../../src/visualizer/chart/explain.js';
import { chartFromConfig, ruleOf } from '../../src/visualizer/chart/graph.js';
import { phaseOrStepName, shortName } from '../../src/visualizer/chart/names.js';

const RULE = /^\d{3}(\.\d+[a-z]?)?([–-]\d{3})?$/;

describe('every state and transition of the turn machine in words, with its rule', () => {
  const graph = chartFromConfig(turnMachine.config);
  const root = graph.root.id;

  it('each state: a description that opens with its rule', () => {
    for (const node of graph.nodesById.values()) {
      expect(node.description, node.id).toBeTruthy();
      expect(node.rule, node.id).toMatch(RULE);
    }
  });

  it('each edge drawn (45 today, 4 with descriptions of their own): a sentence that opens with its rule', () => {
    expect(graph.edges.length).toBeGreaterThanOrEqual(45);
    for (const edge of graph.edges) {
      const explained = explainTransition(root, edge.source, edge, edge.target);
      expect(explained?.rule, edge.id).toMatch(RULE);
      expect(explained?.sentence.startsWith(`${explained?.rule}`), edge.id).toBe(true);
    }
  });

  it('each transition drawn inside its state (refusals, host reports, trigger passes) too', () => {
    const internal = [...graph.nodesById.values()].flatMap((node) => node.internal.map((transition) => ({ node, transition })));
    expect(internal.length).toBeGreaterThan(30);
    for (const { node, transition } of internal) {
      const explained = explainTransition(root, node.id, transition);
      expect(explained?.rule, `${node.id} ${transition.label}`).toMatch(RULE);
    }
  });

  it('names the target in words and cites the rule of the move', () => {
    const edge = (source: string, target: string) => graph.edges.find((e) => e.source === `${root}.${source}` && e.target === `${root}.${target}`)!;
    expect(explainTransition(root, edge('turn.phases.nextPhase', 'turn.phases.precombatMain').source, edge('turn.phases.nextPhase', 'turn.phases.precombatMain'), `${root}.turn.phases.precombatMain`))
      .toEqual({ rule: '500.1', sentence: '500.1: the next phase of the plan is the precombat main phase: it begins.' });
    const lastPass = graph.edges.find((e) => e.source.endsWith('priority.holding') && e.guard === 'isLastPass')!;
    expect(explainTransition(root, lastPass.source, lastPass, lastPass.target)?.rule).toBe('117.4');
    const firstStrike = edge('turn.phases.combat.nextStep', 'turn.phases.combat.firstStrikeDamage');
    expect(explainTransition(root, firstStrike.source, firstStrike, firstStrike.target)?.rule).toBe('510.4');
  });

  it('another machine: only its own descriptions', () => {
    const other = chartFromConfig({ id: 'light', initial: 'green', states: { green: { on: { NEXT: { target: 'red', description: 'stop' } } }, red: {} } });
    expect(explainTransition('light', other.edges[0].source, other.edges[0], other.edges[0].target)).toEqual({ sentence: 'stop', rule: '' });
    expect(ruleOf('CR 500–514: one turn after another')).toBe('500–514');
  });
});

describe('step and phase names in words (500.1)', () => {
  it('reads each id as the rules name it', () => {
    expect(phaseOrStepName('precombatMain')).toBe('precombat main phase');
    expect(phaseOrStepName('beginningOfCombat')).toBe('beginning of combat step');
    expect(shortName('firstStrikeDamage')).toBe('first-strike combat damage');
    expect(shortName('stateBasedActions')).toBe('state based actions');
  });
});
