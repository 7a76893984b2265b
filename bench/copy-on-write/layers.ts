// Copy-on-write libraries behind the interface of our draft layer (src/rules/draft.ts:
// `beginDraft`, `changesOf`, `removeItem`), for measuring them against it (issue 9). A copy
// of the repository gets a draft.ts that calls one of these (bench/copy-on-write/trees.ts).
import { Immer, isDraft as isImmerDraft, original as immerOriginal } from 'immer';
import { create, isDraft as isMutativeDraft, original as mutativeOriginal } from 'mutative';

export interface DraftLayer {
  /** A working copy of `base` that rules may change in place. */
  begin<T extends object>(base: T): T;
  /** The state the working copy ends as, and the base it began from (the same object when nothing changed). */
  finish<T extends object>(working: T): { base: T; next: T };
  /**
   * Where `item` is in `list` (a working copy). A library drafts what is read through a draft,
   * so the same stack object read through two paths gives two proxies: compare originals.
   */
  indexOf<T>(list: T[], item: T): number;
}

function indexOfBy<T>(list: T[], item: T, isDraft: (x: unknown) => boolean, original: <V>(x: V) => V): number {
  const target = isDraft(item) ? original(item) : item;
  for (let i = 0; i < list.length; i += 1) {
    const x = list[i];
    if (x === item || (isDraft(x) ? original(x) : x) === target) return i;
  }
  return -1;
}

function immerLayer(autoFreeze: boolean): DraftLayer {
  const immer = new Immer({ autoFreeze });
  return {
    begin: (base) => immer.createDraft(base as never) as typeof base,
    finish: (working) => {
      const base = immerOriginal(working as never) as typeof working;
      return { base, next: immer.finishDraft(working as never) as typeof working };
    },
    indexOf: (list, item) => indexOfBy(list, item, isImmerDraft, immerOriginal as <V>(x: V) => V),
  };
}

function mutativeLayer(): DraftLayer {
  const finishers = new WeakMap<object, () => unknown>();
  return {
    begin: (base) => {
      const [draft, finalize] = create(base);
      finishers.set(draft as object, finalize);
      return draft as typeof base;
    },
    finish: (working) => {
      const base = mutativeOriginal(working);
      const next = finishers.get(working)!() as typeof working;
      finishers.delete(working);
      return { base, next };
    },
    indexOf: (list, item) => indexOfBy(list, item, isMutativeDraft, mutativeOriginal),
  };
}

export const LAYERS = {
  immer: { label: 'Immer 11 createDraft/finishDraft, autofreeze off', make: () => immerLayer(false) },
  'immer-freeze': { label: 'Immer 11 createDraft/finishDraft, autofreeze on (its default)', make: () => immerLayer(true) },
  mutative: { label: 'Mutative 2 create(base) → [draft, finalize]', make: mutativeLayer },
} as const;

export type LayerId = keyof typeof LAYERS;

export const layerFor = (id: LayerId): DraftLayer => LAYERS[id].make();
