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

interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * Date parts of `ms` in `timeZone` (the system zone when omitted), 24-hour clock. The system zone's
 * are the date's own local fields: a locale formatter's first use costs the window's start ~80 ms,
 * and the clock times a screen opens with need none.
 */
function partsIn(ms: number, timeZone: string | undefined): DateParts {
  if (timeZone === undefined) {
    const d = new Date(ms);
    return {
      year: String(d.getFullYear()),
      month: pad(d.getMonth() + 1),
      day: pad(d.getDate()),
      hour: pad(d.getHours()),
      minute: pad(d.getMinutes()),
      second: pad(d.getSeconds()),
    };
  }
  const p = zonedParts(ms, timeZone);
  return {
    year: p.year ?? '',
    month: p.month ?? '',
    day: p.day ?? '',
    hour: p.hour ?? '',
    minute: p.minute ?? '',
    second: p.second ?? '',
  };
}

/** Every part the zone's formatter writes for `ms`, its short name (`timeZoneName`) among them. */
function zonedParts(ms: number, timeZone: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) out[part.type] = part.value;
  return out;
}

/** "2026-11-22 12:10:29" in the user's zone (or `timeZone`). */
export function formatLocalTime(ms: number, timeZone?: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The zone's short name at that moment, e.g. "GMT+1" or "UTC". */
export function zoneName(ms: number, timeZone?: string): string {
  return zonedParts(ms, timeZone).timeZoneName ?? '';
}

/** "2026-11-22 11:10:29.123 UTC": the exchange's clock, for the tooltip. */
export function formatUtcTime(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date} ${time}.${pad(d.getUTCMilliseconds(), 3)} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a chart's time-axis label names: the year, the month, the day, a time to the minute or the second. */
export type AxisPart = 'year' | 'month' | 'day' | 'minute' | 'second';

/**
 * A chart's time-axis label in UTC, as the chart draws time: "2026", "Nov", "22", "11:10", "11:10:29".
 * Written from the date's fields (a locale formatter's first use costs the window's start ~80 ms).
 */
export function formatAxisTime(seconds: number, part: AxisPart): string {
  const d = new Date(seconds * 1000);
  if (part === 'year') return String(d.getUTCFullYear());
  if (part === 'month') return MONTHS[d.getUTCMonth()] ?? '';
  if (part === 'day') return String(d.getUTCDate());
  const minute = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return part === 'minute' ? minute : `${minute}:${pad(d.getUTCSeconds())}`;
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
    title: `${formatUtcTime(ms)} (local ${zoneName(ms, timeZone)})`,
    iso: new Date(ms).toISOString(),
  };
}

/**
 * A timestamp in a narrow column: the time of day ("14:03:22") when it is of today in the user's zone,
 * otherwise its date ("2026-12-05"); the whole local time and the UTC one on hover.
 */
export function showClockTime(ms: number, nowMs: number, timeZone?: string): ShownTime {
  const full = showTime(ms, timeZone);
  const today = showTime(nowMs, timeZone).text.slice(0, 10);
  const day = full.text.slice(0, 10);
  return { ...full, text: day === today ? full.text.slice(11) : day, title: `${full.text}, ${full.title}` };
}

/**
 * A record of one of the exchange's days (a daily mining reward): the day alone ("2026-12-05"), as
 * the exchange counts days, in UTC, whatever the user's zone; the whole time on hover.
 */
export function showUtcDay(ms: number, timeZone?: string): ShownTime {
  const full = showTime(ms, timeZone);
  return { ...full, text: full.iso.slice(0, 10), title: `The exchange's day (UTC): ${full.title}` };
}

/** "12:04:31" in the user's zone: a clock time for today's states. */
export function formatClock(ms: number, timeZone?: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** "just now", "40 s ago", "3 min ago", "2 h ago", "4 days ago": how long before `nowMs`. */
export function formatAgo(ms: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - ms) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${String(s)} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${String(m)} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${String(h)} h ago`;
  return `${String(Math.floor(h / 24))} days ago`;
}

/**
 * "as of 12:04:31, 3 min ago" (the date too when it is not today): when a shown value was taken.
 */
export function formatAsOf(ms: number, nowMs: number, timeZone?: string): string {
  const when = partsIn(ms, timeZone);
  const today = partsIn(nowMs, timeZone);
  const sameDay = when.year === today.year && when.month === today.month && when.day === today.day;
  const at = sameDay ? formatClock(ms, timeZone) : formatLocalTime(ms, timeZone);
  return `as of ${at}, ${formatAgo(ms, nowMs)}`;
}

/** "14:02" today, "3 Mar 14:02" another day: when the team desk went away. */
export function sinceWords(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const sameDay = new Date(now).toDateString() === d.toDateString();
  return sameDay ? time : `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}
