// One home for "what a state waits for": the chart's waiting states carry a tag
// (`waitingFor:priority`…) that `view` reads, and the refusals in that same state say the same
// thing to the rules through their `waitingFor` params. Every state of the chart is checked: a
// state tagged to wait for W refuses with W, a state without a tag refuses as waiting for nothing.
import { describe, expect, it } from 'vitest';
import { turnStatechart } from '../../machines/turn.js';
import { WAITING_TAGS } from '../../src/machine/tags.js';
import { WAITING_FOR } from '../../src/vocabulary/index.js';

type Config = Record<string, unknown>;
const list = <T>(x: T | readonly T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? [...x] : [x as T]);

/** Every state of the chart's config, by path. */
function statesOf(config: Config, path: string[] = []): [string, Config][] {
  const children = Object.entries((config.states ?? {}) as Record<string, Config>);
  return [[path.join('.') || '(root)', config], ...children.flatMap(([key, child]) => statesOf(child, [...path, key]))];
}

/** The `waitingFor` params of a state's own transitions: their guards' and their actions'. */
function waitingParams(state: Config): unknown[] {
  const found: unknown[] = [];
  const look = (x: unknown) => {
    const params = (x as { params?: unknown } | undefined)?.params;
    if (typeof params === 'object' && params !== null && 'waitingFor' in params) found.push((params as { waitingFor: unknown }).waitingFor);
  };
  for (const transitions of Object.values((state.on ?? {}) as Record<string, string | Config | (string | Config)[]>)) {
    for (const t of list<string | Config>(transitions)) {
      if (typeof t === 'string') continue; // a bare target
      look(t.guard);
      for (const action of list(t.actions as unknown)) look(action);
    }
  }
  return found;
}

const waitingTagsOf = (state: Config) => list(state.tags as string | string[] | undefined).filter((tag) => tag.startsWith('waitingFor:'));
const states = statesOf(turnStatechart.config as unknown as Config);

describe('the waiting tags and the refusals\' waitingFor params agree', () => {
  it.each(states)('%s', (_path, state) => {
    const tags = waitingTagsOf(state);
    expect(tags.length).toBeLessThanOrEqual(1);
    const params = waitingParams(state);
    if (tags.length === 0) {
      expect(params.every((p) => p === null)).toBe(true);
    } else {
      const kind = tags[0].slice('waitingFor:'.length);
      expect(params.length).toBeGreaterThan(0);
      expect(new Set(params)).toEqual(new Set([kind]));
    }
  });

  it('every kind of decision has its tag, on exactly one state, spelled as view reads it', () => {
    for (const kind of WAITING_FOR) {
      const tagged = states.filter(([, state]) => waitingTagsOf(state).includes(WAITING_TAGS[kind]));
      expect(tagged.map(([path]) => path), kind).toHaveLength(1);
    }
    const all = states.flatMap(([, state]) => waitingTagsOf(state));
    expect(all.sort()).toEqual(Object.values(WAITING_TAGS).sort());
  });
});
