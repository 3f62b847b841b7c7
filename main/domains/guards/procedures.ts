/** The procedures of the pre-trade guards: the price bands (overall, per market), the order value ceilings and the velocity budget. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../ipc/schemas.ts';
import type { GuardSettingsView, GuardsConfiguredView } from './views.ts';

/** A threshold as typed: a plain decimal, or '' for off. */
const threshold = z.string().trim().max(20);

export const guardsProcedures = {
  'guards.settings': procedure<GuardSettingsView>()(
    "The price band (percent from the market price, per market too), the order value ceilings (in USDT, and as a share of the account's equity) and the velocity budget (an account's orders in one minute, in USDT and as a share of its equity) beyond which main asks before an order goes.",
    noInput,
  ),
  'guards.configure': procedure<GuardsConfiguredView>()(
    "Sets the guard thresholds; loosening one is confirmed in a native question (on a team desk, it is proposed for another admin's approval instead). Answers the settings in force.",
    z.strictObject({
      bandPct: threshold.optional(),
      notionalCeiling: threshold.optional(),
      equityPct: threshold.optional(),
      velocityCeiling: threshold.optional(),
      velocityPct: threshold.optional(),
      /** Market -> band percent ('' = no band on that market); null removes the market's own band. */
      markets: z
        .record(
          z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'must be a market such as BTC_USDT'),
          threshold.nullable(),
        )
        .optional(),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
