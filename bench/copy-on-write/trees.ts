// Copies of this repository whose src/rules/draft.ts runs on Immer or Mutative instead of our
// own copy-on-write (bench/copy-on-write/layers.ts), for `npm run bench -- --cow` (a row per
// copy, measured like `--compare DIR`). The copy's draft.ts is this one with `beginDraft`,
// `changesOf` and `removeItem` swapped: the rest of the rules, the chart and the machine are
// the same files, so the rows differ only by the draft layer. Changes that the library
// reports but our layer would drop (a list rebuilt with the same items) are dropped the same
// way, so the machine makes the same assigns either way. A library's working copy is finished
// once, so in every copy (the control included) each rules action works on a draft of its own:
// the machine's sharing of one draft across a microstep (`sharedDraftFor`, src/machine/actions.ts) is turned
// off there, and the rows compare draft layers, not that sharing.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LAYERS, type LayerId } from './layers.js';

const SWAPPED = ['export function beginDraft(', 'export function changesOf(', 'export function removeItem<T>('];
const NEEDED = ['function sameShallow(', 'NO_HOOKS', 'HostHooks', 'GameContext', 'interface Draft'];

/** The draft.ts of a copy: ours with the three functions renamed away and the library's appended. */
export function swappedDraftSource(ours: string, layer: LayerId): string {
  const missing = [...SWAPPED, ...NEEDED].filter((anchor) => !ours.includes(anchor));
  if (missing.length > 0) throw new Error(`src/rules/draft.ts changed: cannot swap its draft layer (missing ${missing.join(', ')})`);
  let source = ours;
  for (const anchor of SWAPPED) source = source.replace(anchor, anchor.replace('export function ', 'function own_'));
  return `${source}
// ---- swapped in by bench/copy-on-write/trees.ts: the draft layer is ${LAYERS[layer].label} ----
import { layerFor } from '../../bench/copy-on-write/layers.js';

const LAYER = layerFor(${JSON.stringify(layer)});

export function beginDraft(context: GameContext, hooks: HostHooks = NO_HOOKS, recording = true): Draft {
  return { ctx: LAYER.begin(context), records: [], hooks, refusals: [], recording };
}

export function changesOf(draft: Draft): Partial<GameContext> | null {
  const { base, next } = LAYER.finish(draft.ctx);
  if (next === base) return null;
  let changes: Partial<Record<keyof GameContext, unknown>> | null = null;
  for (const key of Object.keys(next) as (keyof GameContext)[]) {
    if (next[key] === base[key] || sameShallow(next[key], base[key])) continue;
    (changes ??= {})[key] = next[key];
  }
  return changes as Partial<GameContext> | null;
}

export function removeItem<T>(list: T[], item: T): boolean {
  const index = LAYER.indexOf(list, item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}
`;
}

export interface Tree { layer: LayerId | 'own'; label: string; dir: string }

/**
 * A temporary copy of `root` (sources, chart, bench; node_modules linked) with the layer
 * swapped in; `own`: the copy as it is (the control row: a copy costs what the original does).
 */
export function prepareTree(layer: LayerId | 'own', root = resolve('.')): Tree {
  const dir = mkdtempSync(join(tmpdir(), `mtg-turn-machine-cow-${layer}-`));
  for (const part of ['src', 'machines', 'bench']) cpSync(join(root, part), join(dir, part), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json']) cpSync(join(root, file), join(dir, file));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const actions = join(dir, 'src/machine/actions.ts');
  const anchor = 'function sharedDraftFor(last: SharedDraft | undefined, context: GameContext): SharedDraft | null {';
  const unshared = readFileSync(actions, 'utf8').replace(anchor, `${anchor}\n  if (context !== null) return null; // bench --cow: a draft per action`);
  if (!unshared.includes('bench --cow')) throw new Error('src/machine/actions.ts changed: cannot turn off shared drafts in the --cow copies');
  writeFileSync(actions, unshared);
  if (layer === 'own') return { layer, label: 'ours, a copy with our own draft layer (control; a draft per action)', dir };
  const draft = join(dir, 'src/rules/draft.ts');
  writeFileSync(draft, swappedDraftSource(readFileSync(draft, 'utf8'), layer));
  return { layer, label: `ours, draft layer = ${LAYERS[layer].label} (a draft per action)`, dir };
}

export const removeTree = (tree: Tree) => rmSync(tree.dir, { recursive: true, force: true });

/** The rows of --cow: the control copy, then each library. */
export const COW_TREES: (LayerId | 'own')[] = ['own', ...(Object.keys(LAYERS) as LayerId[])];
