/**
 * The alert definitions of a profile, kept by main in `alerts.json` beside the other settings files:
 * read through a zod schema (an entry that does not fit is dropped, with a line in the log), written
 * whole on every change.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  ACCOUNT_METRICS,
  type AccountAlertView,
  type AccountMetric,
  type AlertView,
  type PriceAlertView,
} from '../../views/alerts.ts';
import { UserFacingError } from '../../errors.ts';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/words.ts';

const plain = z.string().regex(/^\d+(\.\d+)?$/);
const ms = z.number().int().nonnegative();

const priceAlert = z.object({
  id: z.string().min(1).max(64),
  kind: z.literal('price'),
  market: z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/),
  direction: z.enum(['above', 'below']),
  price: plain,
  repeat: z.boolean(),
  state: z.enum(['armed', 'triggered']),
  createdAtMs: ms,
  firedAtMs: ms.optional(),
  firedPrice: plain.optional(),
});

const accountAlert = z.object({
  id: z.string().min(1).max(64),
  kind: z.literal('account'),
  account: z.string().min(1).max(64).nullable(),
  metric: z.enum(ACCOUNT_METRICS),
  threshold: plain,
  alerting: z.array(z.string().min(1).max(64)).max(10_000),
  createdAtMs: ms,
  firedAtMs: ms.optional(),
});

const stored = z.discriminatedUnion('kind', [priceAlert, accountAlert]);

/** An alert as the team shares it: without which accounts are in alert now (each app reads its own). */
const shared = z.discriminatedUnion('kind', [priceAlert, accountAlert.omit({ alerting: true })]);

/** Each account figure an alert watches: the side it fires on and its largest level, in percent. */
export const METRIC: Record<AccountMetric, { direction: 'above' | 'below'; max: string; words: string }> = {
  marginRatio: { direction: 'above', max: '10000', words: 'margin ratio' },
  liquidationDistance: { direction: 'below', max: '100', words: 'liquidation distance' },
};

/** Why an alert's level cannot be set, as typed here or as a teammate shares it; undefined when it can. */
export function levelProblem(
  alert: { kind: 'price'; price: string } | { kind: 'account'; metric: AccountMetric; threshold: string },
): { field: string; message: string } | undefined {
  if (alert.kind === 'price')
    return new Dec(alert.price).gt(0)
      ? undefined
      : { field: 'price', message: 'The price must be above zero.' };
  const { max, words } = METRIC[alert.metric];
  const threshold = new Dec(alert.threshold);
  if (threshold.gt(0) && threshold.lte(max)) return undefined;
  return {
    field: 'threshold',
    message: `The ${words} level must be above 0 % and at most ${grouped(max)} %.`,
  };
}

/** Refuses a level `levelProblem` finds a problem with, naming the field. */
export function requireLevel(alert: Parameters<typeof levelProblem>[0]): void {
  const problem = levelProblem(alert);
  if (problem) throw new UserFacingError('invalid_input', problem.message, problem.field);
}

/** A new armed price alert; refused when one on the same market, side and price exists already. */
export function newPriceAlert(
  input: { market: string; direction: 'above' | 'below'; price: string; repeat: boolean },
  alerts: readonly AlertView[],
  nowMs: number,
): PriceAlertView {
  const price = new Dec(input.price);
  const same = alerts.some(
    (a) =>
      a.kind === 'price' &&
      a.market === input.market &&
      a.direction === input.direction &&
      new Dec(a.price).eq(price),
  );
  if (same)
    throw new UserFacingError(
      'alert_exists',
      `An alert on ${input.market} crossing ${input.direction} ${grouped(price.toFixed())} exists already.`,
      'price',
    );
  return {
    id: randomUUID(),
    kind: 'price',
    market: input.market,
    direction: input.direction,
    price: price.toFixed(),
    repeat: input.repeat,
    state: 'armed',
    createdAtMs: nowMs,
  };
}

/** A new account alert (on one account, or every one when `account` is null), in alert nowhere yet. */
export function newAccountAlert(
  input: { account: string | null; metric: AccountMetric; threshold: string },
  nowMs: number,
): AccountAlertView {
  return {
    id: randomUUID(),
    kind: 'account',
    account: input.account,
    metric: input.metric,
    threshold: new Dec(input.threshold).toFixed(),
    alerting: [],
    createdAtMs: nowMs,
  };
}

/**
 * The team's alerts checked as if typed here (the fields and the level): those that pass, and those
 * refused with why; a refused alert keeps what `own` held under its id (or stays out).
 */
export function sharedAlerts(
  items: Record<string, unknown>,
  own: readonly AlertView[],
): { alerts: AlertView[]; refused: Array<{ id: string; problem: string }> } {
  const alerts: AlertView[] = [];
  const refused: Array<{ id: string; problem: string }> = [];
  for (const [id, body] of Object.entries(items)) {
    const parsed = shared.safeParse(body);
    const problem = !parsed.success
      ? 'it is not an alert this app can read'
      : parsed.data.id !== id
        ? 'it names another alert'
        : levelProblem(parsed.data)?.message;
    if (parsed.success && problem === undefined) {
      alerts.push(parsed.data.kind === 'account' ? { ...parsed.data, alerting: [] } : parsed.data);
      continue;
    }
    refused.push({ id, problem: problem ?? 'it cannot be read' });
    const was = own.find((a) => a.id === id);
    if (was) alerts.push(was);
  }
  return { alerts, refused };
}

/** The alerts a file holds; a missing file is none, an unreadable one is none and a line in the log. */
export function readAlerts(file: string, log: Logger): AlertView[] {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    log.log('warn', `the alerts in ${file} are unreadable; starting with none`, error);
    return [];
  }
  const list = (parsed as { alerts?: unknown } | null)?.alerts;
  if (!Array.isArray(list)) return [];
  const out: AlertView[] = [];
  for (const entry of list) {
    const alert = stored.safeParse(entry);
    if (alert.success) out.push(alert.data as AlertView);
    else log.log('warn', `an alert in ${file} is not in the expected form and was dropped`);
  }
  return out;
}

export function writeAlerts(file: string, alerts: readonly AlertView[]): void {
  writeJsonFile(file, { version: 1, alerts });
}
