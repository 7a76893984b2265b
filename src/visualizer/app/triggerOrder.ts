/**
 * The order of triggered abilities a player is picking (603.3b): indexes into the abilities
 * to order (two of them may share an id), the first picked lowest on the stack.
 */
export type PickedOrder = readonly number[];

/** Picks the ability at `index` next; one already picked, or no such ability, changes nothing. */
export function pickTrigger(triggers: readonly string[], picked: PickedOrder, index: number): PickedOrder {
  if (!Number.isInteger(index) || index < 0 || index >= triggers.length || picked.includes(index)) return picked;
  return [...picked, index];
}

/** The abilities not picked yet, as indexes, in the order they triggered. */
export function unpickedTriggers(triggers: readonly string[], picked: PickedOrder): number[] {
  return triggers.map((_, index) => index).filter((index) => !picked.includes(index));
}

/** The ids in the picked order: what `triggers.order` sends. */
export function orderOfPicks(triggers: readonly string[], picked: PickedOrder): string[] {
  return picked.filter((index) => index < triggers.length).map((index) => triggers[index]);
}
