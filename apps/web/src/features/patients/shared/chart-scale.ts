/** Small helpers for the hand-drawn SVG charts: nice axis ticks and linear scales. */

/** A step of 1, 2, 2.5 or 5 times a power of ten, about `span / count`. */
export function niceStep(span: number, count: number): number {
  if (span <= 0 || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Axis bounds that hold every value, widened to whole steps, with the ticks between them. */
export function niceDomain(
  values: readonly number[],
  tickCount = 4,
): { min: number; max: number; ticks: number[] } {
  const finite = values.filter(Number.isFinite);
  let min = finite.length > 0 ? Math.min(...finite) : 0;
  let max = finite.length > 0 ? Math.max(...finite) : 1;
  if (min === max) {
    // One value (or all alike): give it room above and below.
    const room = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= room;
    max += room;
  }
  const step = niceStep(max - min, tickCount);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 is drawn as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Number(tick.toFixed(digits)));
  return { min: low, max: high, ticks };
}

/** A linear map from a domain onto a range of pixels. */
export function linear(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * Text in a chart, which is drawn left to right in every language, keeps its own direction: an
 * Arabic label ("الهدف 80٪", "24 أغسطس") is isolated (FSI … PDI) so its words stay in order.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
