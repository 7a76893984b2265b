// Small statecharts that exercise what the turn chart barely does — exit and entry order
// across levels, reentering, `#id` and `.child` targets, ancestors' transitions, conflicts
// between parallel regions, wildcards, eventless loops that stop when nothing changes, raised
// events, the order of the active states — each run by XState and by the playout's executor
// (src/playout) with the same actions, so that any difference in semantics shows.
// `logged` gives every state entry/exit logging and every transition a logging action.

type Config = Record<string, unknown>;

const log = (msg: string) => ({ type: 'log', params: { msg } });
const asArray = (x: unknown): unknown[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function loggedTransitions(where: string, label: string, value: unknown): unknown {
  return asArray(value).map((t, i) => {
    const config: Config = t === undefined || typeof t === 'string' ? { target: t } : { ...(t as Config) };
    config.actions = [...asArray(config.actions), log(`${where} ${label}#${i}`)];
    return config;
  });
}

/** The config with entry/exit logs on every state and a log action on every transition. */
export function logged(config: Config, path = 'root'): Config {
  const out: Config = { ...config };
  out.entry = [log(`enter ${path}`), ...asArray(config.entry)];
  out.exit = [...asArray(config.exit), log(`exit ${path}`)];
  if (config.on) {
    out.on = Object.fromEntries(Object.entries(config.on as Config).map(([event, t]) => [event, loggedTransitions(path, event, t)]));
  }
  if (config.always) out.always = loggedTransitions(path, 'always', config.always);
  if (config.states) {
    out.states = Object.fromEntries(Object.entries(config.states as Config).map(([key, s]) => [key, logged(s as Config, `${path}.${key}`)]));
  }
  return out;
}

const lt = (n: number) => ({ type: 'lt', params: { n } });

/** Parallel regions, deep and multiple targets, reentering, counters and raised events; tags on a region's states and on the parallel state. */
export const REGIONS: Config = {
  id: 'm',
  initial: 'p',
  on: { RESET: { target: '.p', reenter: true }, ROOT: {}, 'ping.*': { actions: 'inc' } },
  states: {
    p: {
      type: 'parallel',
      tags: ['inP'],
      on: { ROOT: { actions: 'inc' }, OUT: '#m.q', SELFP: { target: 'p', reenter: true }, INNER: { target: '.a.a3' } },
      states: {
        a: {
          initial: 'a1',
          states: {
            a1: { on: { GO: 'a2', INC: { actions: 'inc' }, 'ping.x': {} } },
            a2: { always: [{ guard: lt(3), actions: 'inc' }, { target: 'a3' }] },
            a3: {
              tags: ['waiting', 'a3'],
              entry: { type: 'raiseIt', params: { type: 'ping.a' } },
              on: { BACK: 'a1', SELF: { target: 'a3', reenter: true }, SELFIN: 'a3', UP: '#m.p.a' },
            },
          },
        },
        b: {
          initial: 'b1',
          on: { BB: '.b2' },
          states: {
            b1: { on: { GO: 'b2', 'ping.a': { target: 'b2', actions: 'inc' } } },
            b2: { tags: 'waiting', always: { guard: lt(6), actions: { type: 'log', params: { msg: 'unchanged' } } }, on: { GO: 'b1', '*': { actions: 'inc' } } },
          },
        },
        c: { initial: 'c1', states: { c1: { on: { GO: { target: 'c2', guard: 'even' } } }, c2: { entry: 'inc', on: { GO: '#m.p.c.c1' } } } },
      },
    },
    q: {
      initial: 'q1',
      states: { q1: { always: { guard: 'even', target: 'q2' } }, q2: {} },
      on: { BACK: '#m.p.a.a3', MULTI: { target: ['#m.p.a.a2', '#m.p.b.b2'] }, INC: { actions: 'inc' }, ROOT: { target: 'p' } },
    },
  },
};

/** Regions whose transitions conflict (one leaves the parallel state), ancestors' transitions, wildcards. */
export const CONFLICTS: Config = {
  id: 'k',
  initial: 'par',
  on: { '*': { actions: 'inc' }, X: '.done' },
  states: {
    par: {
      type: 'parallel',
      // Enabled with r2's: the region's own transition (a descendant's) wins the conflict.
      always: { guard: { type: 'gt', params: { n: 3 } }, target: 'done' },
      on: { Z: '.left.l2', Y: { target: 'done' } },
      states: {
        left: {
          initial: 'l1',
          states: {
            l1: { on: { X: 'l2', Y: { target: '#k.done', guard: 'even' } } },
            l2: { on: { X: { target: '#k.par', reenter: true }, Y: 'l1' } },
          },
        },
        right: {
          initial: 'r1',
          on: { X: { target: '#k.done', guard: lt(4) } },
          states: {
            r1: { on: { Y: 'r2', 'x.*': { actions: 'inc' } } },
            r2: { always: { guard: 'even', target: 'r1', actions: 'inc' }, on: { X: 'r1' } },
          },
        },
      },
    },
    done: { on: { X: 'par', Y: { target: '#k.par.right.r2' } } },
  },
};

/**
 * Eventless transitions in both regions at once: which region's actions come first depends on
 * the order the states were entered (XState's `_nodes`), not on document order.
 */
export const EVENTLESS_ORDER: Config = {
  id: 'e',
  type: 'parallel',
  on: { INC: { actions: 'inc' } },
  states: {
    a: {
      initial: 'a1',
      states: {
        a1: { on: { MOVE: 'a2' } },
        a2: { always: { guard: 'odd', target: 'a1' }, on: { MOVE: 'a1' } },
      },
    },
    b: {
      initial: 'b1',
      states: {
        b1: { on: { MOVEB: 'b2' } },
        b2: { always: { guard: 'odd', target: 'b1' }, on: { MOVEB: 'b1' } },
      },
    },
  },
};

// ---- one ordering rule per chart -----------------------------------------------------------

const raiseIt = (type: string) => ({ type: 'raiseIt', params: { type } });

/**
 * Exit and entry order across levels and regions: exits deepest first (reverse document
 * order), entries outermost first (document order), a compound state's `initial` actions after
 * its own entry, parallel regions entered in document order whatever the target.
 */
export const ENTRY_EXIT_ORDER: Config = {
  id: 'o',
  initial: 'left',
  states: {
    left: {
      initial: 'deep',
      states: { deep: { initial: 'deeper', states: { deeper: { on: { ACROSS: '#o.right.r2.leaf', SIDE: '#o.left.side' } } } }, side: { on: { ACROSS: '#o.right' } } },
    },
    right: {
      type: 'parallel',
      on: { BACK: '#o.left.deep.deeper', OVER: { target: '#o.right.r1.two' } },
      states: {
        r1: { initial: { target: 'one', actions: log('r1 initial action') }, states: { one: { on: { NEXT: 'two' } }, two: {} } },
        r2: { initial: 'start', states: { start: {}, leaf: { on: { NEXT: 'start' } } } },
        r3: { initial: 'only', states: { only: {} } },
      },
    },
  },
};

/** Transition actions run in selection order, between the exits and the entries; both regions take one event. */
export const TRANSITION_ACTIONS: Config = {
  id: 't',
  type: 'parallel',
  on: { E: { actions: log('root E, never: a region took it') }, ROOT: { actions: ['inc', log('root second'), 'inc'] } },
  states: {
    a: { initial: 'a1', states: { a1: { on: { E: { target: 'a2', actions: [log('a first'), 'inc', log('a third')] } } }, a2: { on: { E: 'a1' } } } },
    b: { initial: 'b1', states: { b1: { on: { E: { target: 'b1', actions: log('b self, internal') } } } } },
  },
};

/**
 * Eventless loops: a targetless `always` that counts until its guard fails (each changes the
 * context, so the loop goes on), a guard order between two `always` candidates, and one that
 * changes nothing (XState stops the loop after it).
 */
export const EVENTLESS_LOOPS: Config = {
  id: 'l',
  initial: 'idle',
  states: {
    idle: { on: { COUNT: 'counting', STILL: 'still', INC: { actions: 'inc' } } },
    counting: {
      always: [{ guard: lt(5), actions: 'inc' }, { guard: 'odd', target: 'idle' }, { target: 'done' }],
    },
    still: { always: { guard: lt(100), actions: log('changes nothing') }, on: { BACK: 'idle' } },
    done: { on: { RESET: 'idle', INC: { actions: 'inc' } } },
  },
};

/**
 * Raised events go to the internal queue: processed after the microstep that raised them (its
 * entries included), in the order raised, each followed by the eventless loop.
 */
export const RAISED_EVENTS: Config = {
  id: 'r',
  initial: 'a',
  states: {
    a: { on: { GO: { target: 'b', actions: [raiseIt('FIRST'), log('after raising FIRST'), raiseIt('SECOND')] } } },
    b: {
      entry: raiseIt('THIRD'),
      on: {
        FIRST: { actions: [log('b FIRST'), raiseIt('FOURTH')] },
        SECOND: 'c',
        THIRD: { actions: log('b THIRD, never: SECOND leaves b first') },
      },
    },
    c: {
      always: { guard: 'even', actions: 'inc' },
      on: { THIRD: { actions: [log('c THIRD'), 'inc'] }, FOURTH: { target: 'a', actions: log('c FOURTH') } },
    },
  },
};

/**
 * `reenter: true` against the default: a self transition, a parent's transition to its own
 * child, and the root's, each with and without reentering.
 */
export const REENTER: Config = {
  id: 'x',
  initial: 'p',
  on: { ROOT_IN: '.p.c2', ROOT_RE: { target: '.p.c2', reenter: true } },
  states: {
    p: {
      initial: 'c1',
      on: {
        SELF_IN: 'p', SELF_RE: { target: 'p', reenter: true },
        CHILD_IN: '.c2', CHILD_RE: { target: '.c2', reenter: true },
        TARGETLESS: { actions: 'inc' },
      },
      states: { c1: { on: { LEAF_RE: { target: 'c1', reenter: true }, LEAF_IN: 'c1' } }, c2: {} },
    },
  },
};

const gt = (n: number) => ({ type: 'gt', params: { n } });

/**
 * A parallel state where only one region can take an event (the executor asks that region's
 * chain, then the parallel state's own, then its ancestors'), one region holding a parallel state
 * of its own whose regions both take `G`; guards that fail as the count grows, so that an
 * event falls through to the next candidate, the parallel state's, the root's.
 */
export const ONE_REGION: Config = {
  id: 'o1',
  initial: 'p',
  on: { E: { actions: [log('root E'), 'inc'] }, F: { actions: 'inc' }, RESET: { target: '.p', reenter: true } },
  states: {
    p: {
      type: 'parallel',
      on: { E: { guard: 'odd', actions: [log('p E'), 'inc'] }, G: { guard: lt(4), actions: 'inc' } },
      states: {
        a: {
          initial: 'a1',
          on: { E: { guard: lt(2), actions: log('a E') } },
          states: {
            a1: { on: { E: { guard: 'even', target: 'a2', actions: 'inc' }, F: 'a2' } },
            a2: {
              type: 'parallel',
              on: { E: { guard: lt(7), actions: ['inc', log('a2 E')] }, BACK: '#o1.p.a.a1' },
              states: {
                q1: { initial: 'x', states: { x: { on: { E: { guard: 'odd', target: 'y' }, G: 'y' } }, y: { on: { G: { guard: 'even', target: 'x' } } } } },
                q2: { initial: 'u', states: { u: { on: { G: { guard: 'odd', actions: 'inc' } } } } },
              },
            },
          },
        },
        b: { initial: 'b1', states: { b1: { on: { H: 'b2' } }, b2: { on: { H: 'b1', E: { guard: gt(9), actions: log('b E') } } } } },
      },
    },
  },
};

export const CHARTS: Record<string, { config: Config; events: string[] }> = {
  entryExitOrder: { config: ENTRY_EXIT_ORDER, events: ['ACROSS', 'SIDE', 'BACK', 'OVER', 'NEXT'] },
  transitionActions: { config: TRANSITION_ACTIONS, events: ['E', 'ROOT'] },
  eventlessLoops: { config: EVENTLESS_LOOPS, events: ['COUNT', 'STILL', 'INC', 'BACK', 'RESET'] },
  raisedEvents: { config: RAISED_EVENTS, events: ['GO', 'FIRST', 'SECOND', 'THIRD'] },
  reenter: { config: REENTER, events: ['ROOT_IN', 'ROOT_RE', 'SELF_IN', 'SELF_RE', 'CHILD_IN', 'CHILD_RE', 'TARGETLESS', 'LEAF_RE', 'LEAF_IN'] },
  regions: { config: REGIONS, events: ['GO', 'INC', 'BACK', 'SELF', 'SELFIN', 'UP', 'OUT', 'RESET', 'ROOT', 'MULTI', 'SELFP', 'INNER', 'BB', 'ping.x', 'ping.y', 'OTHER'] },
  conflicts: { config: CONFLICTS, events: ['X', 'Y', 'Z', 'x.y', 'W'] },
  eventlessOrder: { config: EVENTLESS_ORDER, events: ['MOVE', 'MOVEB', 'INC'] },
  oneRegion: { config: ONE_REGION, events: ['E', 'F', 'G', 'H', 'BACK', 'RESET'] },
};
