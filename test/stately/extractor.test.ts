// Stately's editor reads machines from source text. Check that what its parser
// (@xstate/machine-extractor) extracts from machines/*.ts is the machine that runs.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { turnMachine } from '../../src/index.js';
import { loadMachineExtractor } from './extractor.js';

interface Shape {
  states: Record<string, { type: string; initial?: string; entry: string[]; exit: string[]; description?: string; tags: string[] }>;
  transitions: string[];
}

type Json = Record<string, unknown>;
const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function guardText(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  const { type, params } = guard as { type: string; params?: Json };
  return params && Object.keys(params).length > 0 ? `${type}${JSON.stringify(params)}` : type;
}

const actionName = (a: unknown) => (typeof a === 'string' ? a : (a as { type: string }).type);

function runtimeShape(root: AnyStateNode): Shape {
  const shape: Shape = { states: {}, transitions: [] };
  const visit = (node: AnyStateNode) => {
    const path = node.path.join('.');
    shape.states[path] = {
      type: node.type,
      initial: node.initial?.target[0]?.key,
      entry: node.entry.map(actionName),
      exit: node.exit.map(actionName),
      description: node.description,
      tags: [...node.tags],
    };
    const describe = (event: string, t: { target?: readonly AnyStateNode[]; guard?: unknown; actions: readonly unknown[] }) =>
      `${path} --${event}[${guardText(t.guard)}]--> ${(t.target ?? []).map((n) => n.path.join('.')).join(',')} / ${t.actions.map(actionName).join(',')}`;
    for (const [event, transitions] of node.transitions) for (const t of transitions) shape.transitions.push(describe(event, t));
    for (const t of node.always ?? []) shape.transitions.push(describe('always', t));
    Object.values(node.states).forEach(visit);
  };
  visit(root);
  return shape;
}

function extractedShape(config: Json, rootId: string): Shape {
  const shape: Shape = { states: {}, transitions: [] };
  const resolve = (from: string[], target: string): string => {
    if (target.startsWith('#')) return target.slice(1).split('.').slice(1).join('.') || '';
    if (target.startsWith('.')) return [...from, ...target.slice(1).split('.')].join('.');
    return [...from.slice(0, -1), ...target.split('.')].join('.');
  };
  const actionNames = (actions: unknown) => list(actions as Json | Json[]).map((a) => ((a.action ?? a) as { type: string }).type);
  const visit = (node: Json, path: string[]) => {
    const key = path.join('.');
    const children = (node.states ?? {}) as Record<string, Json>;
    const type = node.type as string | undefined ?? (Object.keys(children).length > 0 ? 'compound' : 'atomic');
    shape.states[key] = {
      type, initial: node.initial as string | undefined,
      entry: actionNames(node.entry), exit: actionNames(node.exit), description: node.description as string | undefined,
      tags: list(node.tags as string | string[] | undefined),
    };
    const describe = (event: string, t: Json) =>
      `${key} --${event}[${guardText(t.cond)}]--> ${list(t.target as string | string[]).map((x) => resolve(path, x)).join(',')} / ${actionNames(t.actions).join(',')}`;
    for (const [event, ts] of Object.entries((node.on ?? {}) as Record<string, Json | Json[] | string>)) {
      for (const t of list(ts)) shape.transitions.push(describe(event, typeof t === 'string' ? { target: t } : t));
    }
    for (const t of list(node.always as Json | Json[] | string | undefined)) shape.transitions.push(describe('always', typeof t === 'string' ? { target: t } : t));
    for (const [name, child] of Object.entries(children)) visit(child, [...path, name]);
  };
  expect(config.id).toBe(rootId);
  visit(config, []);
  return shape;
}

describe('Stately\'s parser sees the real machine', () => {
  const { extractMachinesFromFile } = loadMachineExtractor();
  const files = readdirSync('machines').filter((f) => f.endsWith('.ts'));

  it('every machine file is extractable', () => {
    for (const file of files) {
      const result = extractMachinesFromFile(readFileSync(`machines/${file}`, 'utf8'));
      expect(result?.machines.length, file).toBeGreaterThan(0);
      for (const machine of result!.machines) expect(machine?.toConfig(), file).toBeTruthy();
    }
  });

  it('machines/turn.ts: the same state nodes (type, initial, entry, exit, description) and transitions as the runtime machine', () => {
    const extracted = extractMachinesFromFile(readFileSync('machines/turn.ts', 'utf8'))!.machines[0]!.toConfig() as Json;
    const fromSource = extractedShape(extracted, 'mtgTurn');
    const fromRuntime = runtimeShape(turnMachine.root);
    expect(fromSource.states).toEqual(fromRuntime.states);
    expect([...fromSource.transitions].sort()).toEqual([...fromRuntime.transitions].sort());
    expect(fromRuntime.transitions.length).toBeGreaterThan(70);
  });

  it('the serialised config keeps every guard and action (all are named, all implemented)', () => {
    const config = JSON.parse(JSON.stringify(turnMachine.config)) as Json;
    const referenced: string[] = [];
    const walk = (value: unknown, key = ''): void => {
      if (['guard', 'actions', 'entry', 'exit'].includes(key)) {
        for (const item of list(value as unknown[])) referenced.push(typeof item === 'string' ? item : (item as { type: string }).type);
        return;
      }
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
    };
    walk(config);
    const implemented = new Set([...Object.keys(turnMachine.implementations.guards), ...Object.keys(turnMachine.implementations.actions)]);
    expect(referenced.filter((name) => !implemented.has(name))).toEqual([]);
    expect(referenced.length).toBeGreaterThan(150);
  });
});
