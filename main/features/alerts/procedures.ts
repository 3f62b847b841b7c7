/** The procedures of alerts: price crosses per market, margin ratio and liquidation distance per account. */
import { z } from 'zod';
import { accountId, noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { AlertView } from '../../views/alerts.ts';
import { ACCOUNT_METRICS } from '../../views/alerts.ts';

/** A level as typed: digits with an optional fraction (thousands separators are taken out first). */
const level = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.replaceAll(',', ''))
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be a number such as 65000 or 0.5'));

const alertId = z.uuid({ message: 'must be the id of an alert' });

export const alertsProcedures = {
  'alerts.list': procedure<AlertView[]>()('Every alert, newest first, with its state.', noInput),
  'alerts.addPrice': procedure<AlertView[]>()(
    "Adds an alert on a market's last price crossing above or below a level; answers every alert.",
    z.strictObject({
      market: z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'must be a market such as BTC_USDT'),
      direction: z.enum(['above', 'below']),
      price: level,
      repeat: z.boolean().default(false),
    }),
  ),
  'alerts.addAccount': procedure<AlertView[]>()(
    "Adds an alert on an account's margin ratio rising to a level or its liquidation distance falling to one (null: every account); answers every alert.",
    z.strictObject({
      account: accountId.nullable(),
      metric: z.enum(ACCOUNT_METRICS),
      threshold: level,
    }),
  ),
  'alerts.rearm': procedure<AlertView[]>()(
    'Arms a triggered price alert again; answers every alert.',
    z.strictObject({ id: alertId }),
  ),
  'alerts.remove': procedure<AlertView[]>()(
    'Removes an alert; answers every alert.',
    z.strictObject({ id: alertId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
