/**
 * The line chart's data, kept apart from the component so it is tested without a browser.
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

/** A point as the chart library takes it: whole seconds, ascending, one per second. */
export interface LinePoint {
  readonly time: number;
  readonly value: number;
}

/**
 * The chart library's time for a moment: whole seconds of the wall clock where the person is (the
 * library writes its axis as if in UTC, so local time is handed to it as such); `local` false: UTC.
 */
export function chartTime(ms: number, local = true): number {
  const wall = local ? ms - new Date(ms).getTimezoneOffset() * 60_000 : ms;
  return Math.floor(wall / 1000);
}

/** The moment (ms) a local chart time stands for: the inverse of `chartTime` (to the second). */
export function momentOf(time: number): number {
  const ms = time * 1000;
  return ms + new Date(ms).getTimezoneOffset() * 60_000;
}

/**
 * A series' points for the chart library: times in whole seconds by `chartTime`, points that
 * are not finite left out, and of several points in one second the last, a point out of time order
 * dropped (the library refuses a time twice or going back).
 */
export function lineData(points: readonly ChartPoint[], local = true): LinePoint[] {
  const out: LinePoint[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.t) || !Number.isFinite(p.v)) continue;
    const time = chartTime(p.t, local);
    const last = out.at(-1);
    if (last && time < last.time) continue;
    if (last?.time === time) out[out.length - 1] = { time, value: p.v };
    else out.push({ time, value: p.v });
  }
  return out;
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
