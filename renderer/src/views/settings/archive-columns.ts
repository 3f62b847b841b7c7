/**
 * How far back each account's archived record goes (Settings): where it begins, up to when it was
 * synced, what only the archive holds (older than the exchange's six months), and how safe it is.
 */
import type { AccountArchiveView, ArchiveRisk } from '../../../../main/ipc/contract.ts';
import { plural } from '../../lib/format/number.ts';
import { formatLocalTime, formatUtcTime } from '../../lib/format/time.ts';
import type { GridColumn } from '../../lib/managers/data-grid.svelte.ts';

export const RISK_WORDS: Record<ArchiveRisk, { short: string; long: string }> = {
  ok: { short: 'Safe', long: 'Synced on schedule: nothing is near the exchange’s six months.' },
  soon: { short: 'Sync soon', long: 'The last full sync is older than the schedule promises: sync it soon.' },
  losing: {
    short: 'Losing history',
    long: 'What happened after its last full sync is passing the exchange’s six months: sync it now.',
  },
  never: {
    short: 'Never synced',
    long: 'Anything older than six months is out of reach already: sync it to keep the rest.',
  },
};

/** The oldest record of any family (Unix seconds); null when nothing is kept. */
export function recordBegins(a: Pick<AccountArchiveView, 'families'>): number | null {
  const times = a.families.map((f) => f.oldest).filter((t): t is number => t !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/** A count over the account's families (counts of records, not money: plain numbers). */
const sum = (a: AccountArchiveView, pick: (f: AccountArchiveView['families'][number]) => number) =>
  String(a.families.reduce((n, f) => n + Number(pick(f)), 0));

/** Which families have records only the archive holds, in words ("deals 120, funding 30"). */
export function archiveOnlyWords(a: Pick<AccountArchiveView, 'families'>): string {
  const parts = a.families
    .filter((f) => f.archiveOnly > 0)
    .map((f) => `${f.family.replace('_', ' ')} ${f.archiveOnly}`);
  return parts.length === 0 ? 'nothing yet' : parts.join(', ');
}

/** How often every account syncs by itself, in a sentence. */
export function scheduleWords(ms: number | null): string {
  if (ms === null) return 'Scheduled syncing is off: sync from History before the six months pass.';
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const every = minutes % 60 === 0 ? plural(minutes / 60, 'hour') : plural(minutes, 'minute');
  return `Every account syncs by itself every ${every}.`;
}

/** A time in the user's zone, or words when there is none. */
function when(seconds: number | null, none: string): string {
  return seconds === null ? none : formatLocalTime(seconds * 1000);
}

function utc(seconds: number | null): string {
  return seconds === null ? '' : formatUtcTime(seconds * 1000);
}

export function archiveColumns(): GridColumn<AccountArchiveView>[] {
  return [
    { id: 'account', title: 'Account', kind: 'text', value: (a) => a.label },
    {
      id: 'begins',
      title: 'Record begins',
      kind: 'text',
      value: (a) => when(recordBegins(a), 'nothing kept'),
      hint: (a) => utc(recordBegins(a)),
    },
    {
      id: 'synced',
      title: 'Synced up to',
      kind: 'text',
      value: (a) => when(a.syncedUntil, 'never'),
      hint: (a) => utc(a.syncedUntil),
    },
    { id: 'records', title: 'Records', kind: 'decimal', value: (a) => sum(a, (f) => f.records) },
    {
      id: 'archiveOnly',
      title: 'Only in the archive',
      kind: 'decimal',
      value: (a) => sum(a, (f) => f.archiveOnly),
      hint: (a) => `Older than six months, which the exchange no longer serves: ${archiveOnlyWords(a)}.`,
    },
    {
      id: 'risk',
      title: 'State',
      kind: 'text',
      value: (a) =>
        a.running
          ? 'Syncing now'
          : a.daysToHorizon !== null && a.risk !== 'ok'
            ? `${RISK_WORDS[a.risk].short} (${String(a.daysToHorizon)} days left)`
            : RISK_WORDS[a.risk].short,
      hint: (a) => RISK_WORDS[a.risk].long,
    },
  ];
}
