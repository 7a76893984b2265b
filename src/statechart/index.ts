// The generic statechart executor (README.md beside this file): a machine config compiled
// with bindings for its named actions and guards, run with XState v5's microstep semantics.
export { compileChart, eventTable, type Bindings, type BoundAction, type BoundGuard, type Chart, type ChartEvent, type Entry, type EventTable, type StateNode, type Transition } from './chart.js';
export { Configuration, type StateValue } from './configuration.js';
export { macrostep, start, type RunState } from './step.js';
