/** Timestamps shown in the user's zone with seconds; the exchange's UTC for the tooltip. */

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Building a formatter is costly (grids format every visible cell), so one is kept per zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(key, format);
  }
  return format;
}

/** Date parts of `ms` in `timeZone` (the system zone when omitted), 24-hour clock. */
function partsIn(ms: number, timeZone: string | undefined): Record<string, string> {
  const format = formatterFor(timeZone);
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(ms))) out[part.type] = part.value;
  return out;
}

/** "2026-11-22 12:10:29" in the user's zone (or `timeZone`). */
export function formatLocalTime(ms: number, timeZone?: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The zone's short name at that moment, e.g. "GMT+1" or "UTC". */
export function zoneName(ms: number, timeZone?: string): string {
  return partsIn(ms, timeZone).timeZoneName ?? '';
}

/** "2026-11-22 11:10:29.123 UTC": the exchange's clock, for the tooltip. */
export function formatUtcTime(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${time}.${pad(d.getUTCMilliseconds(), 3)} UTC`;
}

export interface ShownTime {
  readonly text: string;
  readonly title: string;
  /** Machine-readable value for `<time datetime>`. */
  readonly iso: string;
}

/** What a cell shows for a timestamp: local text, UTC tooltip, ISO value. */
export function showTime(ms: number, timeZone?: string): ShownTime {
  const p = partsIn(ms, timeZone);
  return {
    text: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`,
    title: `${formatUtcTime(ms)} (local ${p.timeZoneName ?? ''})`,
    iso: new Date(ms).toISOString(),
  };
}
