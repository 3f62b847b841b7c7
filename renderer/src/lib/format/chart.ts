/**
 * Geometry of the line chart, kept apart from the component so it is tested without a browser.
 * Numbers here are for drawing only: amounts shown as text stay exact strings elsewhere.
 */

export interface ChartPoint {
  /** Milliseconds since the epoch. */
  readonly t: number;
  readonly v: number;
}

export interface ChartSeries {
  readonly id: string;
  readonly label: string;
  readonly points: readonly ChartPoint[];
}

export interface ChartBounds {
  readonly t0: number;
  readonly t1: number;
  readonly v0: number;
  readonly v1: number;
}

/** The time and value range of every series; a flat or single-point range is widened so it draws. */
export function boundsOf(series: readonly ChartSeries[]): ChartBounds | undefined {
  let t0 = Infinity;
  let t1 = -Infinity;
  let v0 = Infinity;
  let v1 = -Infinity;
  for (const s of series)
    for (const p of s.points) {
      if (!Number.isFinite(p.t) || !Number.isFinite(p.v)) continue;
      t0 = Math.min(t0, p.t);
      t1 = Math.max(t1, p.t);
      v0 = Math.min(v0, p.v);
      v1 = Math.max(v1, p.v);
    }
  if (t0 === Infinity) return undefined;
  if (t1 === t0) {
    t0 -= 1000;
    t1 += 1000;
  }
  if (v1 === v0) {
    const pad = v0 === 0 ? 1 : Math.abs(v0) * 0.01;
    v0 -= pad;
    v1 += pad;
  }
  return { t0, t1, v0, v1 };
}

/** An SVG path through the points in a width × height box (y grows downwards); `step` holds each value. */
export function pathOf(
  points: readonly ChartPoint[],
  b: ChartBounds,
  width: number,
  height: number,
  step = false,
): string {
  const x = (t: number) => ((t - b.t0) / (b.t1 - b.t0)) * width;
  const y = (v: number) => height - ((v - b.v0) / (b.v1 - b.v0)) * height;
  let d = '';
  let lastY: number | undefined;
  for (const p of points) {
    if (!Number.isFinite(p.t) || !Number.isFinite(p.v)) continue;
    const px = round(x(p.t));
    const py = round(y(p.v));
    if (lastY === undefined) d += `M${String(px)} ${String(py)}`;
    else if (step) d += `H${String(px)}V${String(py)}`;
    else d += `L${String(px)} ${String(py)}`;
    lastY = py;
  }
  return d;
}

/** Every distinct time of all series, ascending: the stops of the keyboard cursor. */
export function timesOf(series: readonly ChartSeries[]): number[] {
  const times = new Set<number>();
  for (const s of series) for (const p of s.points) if (Number.isFinite(p.t)) times.add(p.t);
  return [...times].sort((a, b) => a - b);
}

/** The index of the time nearest to `t` in ascending `times` (binary search); -1 when there are none. */
export function nearestIndex(times: readonly number[], t: number): number {
  if (times.length === 0) return -1;
  let lo = 0;
  let hi = times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= t) lo = mid;
    else hi = mid;
  }
  return Math.abs((times[hi] as number) - t) < Math.abs((times[lo] as number) - t) ? hi : lo;
}

/** The value a series had at time `t`: its last point at or before `t`. */
export function valueAt(points: readonly ChartPoint[], t: number): number | undefined {
  let found: number | undefined;
  for (const p of points) {
    if (p.t > t) break;
    found = p.v;
  }
  return found;
}

/**
 * Whether a chart would show anything a line of text does not: some series moved (two finite values
 * that differ). Nothing, one point or a flat line is better said in words than drawn across a screen.
 */
export function holdsSomething(series: readonly ChartSeries[]): boolean {
  return series.some((s) => {
    let first: number | undefined;
    for (const p of s.points) {
      if (!Number.isFinite(p.v) || !Number.isFinite(p.t)) continue;
      if (first === undefined) first = p.v;
      else if (p.v !== first) return true;
    }
    return false;
  });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
