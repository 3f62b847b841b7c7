/**
 * The alert definitions of a profile, kept by main in `alerts.json` beside the other settings files:
 * read through a zod schema (an entry that does not fit is dropped, with a line in the log), written
 * whole on every change.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ACCOUNT_METRICS, type AlertView } from '../../domains/alerts/views.ts';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';

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
