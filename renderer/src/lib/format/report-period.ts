/**
 * The period and scope of a report as a person chooses them: UTC days (the days the reports count in),
 * the quick choices (this week, this month, the last 30 days, this year), and what is wrong with a
 * typed period, in words. Pure: "today" is given.
 */

/** A day as the reports name it: `YYYY-MM-DD`, UTC. */
export type Day = string;

export interface ReportPeriod {
  from: Day;
  to: Day;
}

export const QUICK_PERIODS = [
  { id: 'week', label: 'This week' },
  { id: 'month', label: 'This month' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'year', label: 'This year' },
] as const;

export type QuickPeriod = (typeof QUICK_PERIODS)[number]['id'];

const DAY_MS = 86_400_000;
/** The longest period main reads (`reports.*` refuses more than ten years). */
const MAX_DAYS = 10 * 366;

/** The UTC day of a moment. */
export function dayOf(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The moment a day starts (UTC, ms); NaN when the text is not a real day. */
export function dayStart(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && dayOf(ms) === day ? ms : Number.NaN;
}

export function isDay(text: string): boolean {
  return !Number.isNaN(dayStart(text));
}

/** A quick choice's days, ending today (weeks start on Monday, as the desk's calendar does). */
export function quickPeriod(choice: QuickPeriod, today: Day): ReportPeriod {
  const t = dayStart(today);
  const d = new Date(t);
  switch (choice) {
    case 'week': {
      const sinceMonday = (d.getUTCDay() + 6) % 7;
      return { from: dayOf(t - sinceMonday * DAY_MS), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last30':
      return { from: dayOf(t - 29 * DAY_MS), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The quick choice a period is, today; undefined when it is a period of its own. */
export function quickOf(period: ReportPeriod, today: Day): QuickPeriod | undefined {
  return QUICK_PERIODS.map((q) => q.id).find((id) => {
    const p = quickPeriod(id, today);
    return p.from === period.from && p.to === period.to;
  });
}

/** What is wrong with a period, in words; undefined when main can read it. */
export function periodProblem(period: ReportPeriod): string | undefined {
  if (!period.from.trim()) return 'Choose the first day of the period.';
  if (!period.to.trim()) return 'Choose the last day of the period.';
  const from = dayStart(period.from);
  const to = dayStart(period.to);
  if (Number.isNaN(from)) return 'The first day must be a date such as 2026-01-31.';
  if (Number.isNaN(to)) return 'The last day must be a date such as 2026-01-31.';
  if (from > to) return 'The first day must not be after the last.';
  if ((to - from) / DAY_MS > MAX_DAYS) return 'A report covers at most ten years: choose a shorter period.';
  return undefined;
}

/** The number of days a period covers, both ends included. */
export function periodDays(period: ReportPeriod): number {
  return Math.round((dayStart(period.to) - dayStart(period.from)) / DAY_MS) + 1;
}

/** Whose history a report reads. */
export type ReportScopeChoice =
  { kind: 'desk' } | { kind: 'account'; accountId: string } | { kind: 'group'; group: string };

/** A remembered choice read back: only the shapes this screen writes. */
export function readScope(value: unknown): ReportScopeChoice | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind === 'desk') return { kind: 'desk' };
  if (v.kind === 'account' && typeof v.accountId === 'string' && v.accountId)
    return { kind: 'account', accountId: v.accountId };
  if (v.kind === 'group' && typeof v.group === 'string' && v.group.trim())
    return { kind: 'group', group: v.group };
  return undefined;
}
