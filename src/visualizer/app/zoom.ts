/** What part of the chart its box shows: the chart point at the box's top left, and chart units → pixels. */
export interface Viewport {
  x: number;
  y: number;
  scale: number;
}

export const MIN_SCALE = 0.15;
export const MAX_SCALE = 4;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Number.isFinite(scale) ? scale : 1));

/** The scale at which the whole chart fits a box of that size (a little margin). */
export function fitScale(chart: { width: number; height: number }, width: number, height: number): number {
  if (chart.width <= 0 || chart.height <= 0) return 1;
  return clampScale(Math.min(width / chart.width, height / chart.height) * 0.98);
}

/** Zooms to `scale` keeping the chart point under `at` (pixels from the box's top left) where it is. */
export function zoomAround(viewport: Viewport, scale: number, at: { x: number; y: number }): Viewport {
  const pointX = viewport.x + at.x / viewport.scale;
  const pointY = viewport.y + at.y / viewport.scale;
  return { scale, x: pointX - at.x / scale, y: pointY - at.y / scale };
}
