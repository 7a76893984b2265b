/**
 * Redraws part of the page without losing the keyboard: if focus was inside `container`, it goes back to
 * the element with the same `data-testid` when it is still there and enabled, else to the first enabled
 * action marked `data-primary` (the next pass or declaration), so a turn can be played by Enter alone.
 */
export function keepingFocus(container: HTMLElement, redraw: () => void): void {
  const focused = document.activeElement;
  const inside = focused instanceof HTMLElement && container.contains(focused);
  const testId = inside ? focused.dataset.testid : undefined;
  redraw();
  if (!inside) return;
  const same = testId ? container.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`) : null;
  const target = same && !(same as HTMLButtonElement).disabled ? same : container.querySelector<HTMLElement>('[data-primary]:not([disabled])');
  target?.focus();
}
