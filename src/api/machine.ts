// The turn machine as hosts get it: the statechart of machines/turn.ts behind its input
// boundary, with only the host hooks providable. Its public event type is the vocabulary's
// `TurnEvent`: the chart's own signals between its regions are not part of it. Composed here,
// above the chart: machines/turn.ts imports the glue (src/machine), and nothing in the glue
// imports the chart back (eslint.architecture.js forbids it).
import type { MachineSnapshot, StateMachine } from 'xstate';
import { turnStatechart } from '../../machines/turn.js';
import type { TurnEvent } from '../vocabulary/index.js';
import { buildTurnActions, HOOK_NAMES } from '../machine/actions.js';
import { guardMachine } from '../machine/boundary.js';
import { fastPathAgrees } from '../machine/xstateInternals.js';

type Chart = typeof turnStatechart;

/** The chart's machine type with `TurnEvent` as its events (what `actor.send` accepts). */
export type TurnMachine = Chart extends StateMachine<
  infer C, infer _E, infer Ch, infer A, infer Ac, infer G, infer D, infer SV, infer T, infer I, infer O, infer Em, infer Me, infer SS>
  ? StateMachine<C, TurnEvent, Ch, A, Ac, G, D, SV, T, I, O, Em, Me, SS> : never;

/** A snapshot of the turn machine. */
export type TurnSnapshot = TurnMachine extends StateMachine<
  infer C, infer E, infer Ch, infer _A, infer _Ac, infer _G, infer _D, infer SV, infer T, infer _I, infer O, infer _Em, infer Me, infer SS>
  ? MachineSnapshot<C, E, Ch, SV, T, O, Me, SS> : never;

const fastPath = guardMachine(turnStatechart, HOOK_NAMES);
const documentedPath = guardMachine(turnStatechart.provide({ actions: buildTurnActions('public') }), HOOK_NAMES);

/**
 * Whether the rules actions' fast path (built on XState's internals, xstateInternals.ts) agreed
 * with XState's documented API on this xstate, in the self-test run once as the package loads;
 * when false, `turnMachine` runs on the documented path (slower, the same game).
 */
export const XSTATE_FAST_PATH_AGREES: boolean = fastPathAgrees(fastPath, documentedPath);

/** The turn machine: machines/turn.ts behind its input boundary (any value sent is accepted whole or refused with its reason). */
export const turnMachine = (XSTATE_FAST_PATH_AGREES ? fastPath : documentedPath) as unknown as TurnMachine;
