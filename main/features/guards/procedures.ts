/** The procedures of the pre-trade guards: the price bands (overall, per market), the order value ceilings and the velocity budget. */
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import { guardSettingsInput, type GuardSettingsView, type GuardsConfiguredView } from '../../views/guards.ts';

export const guardsProcedures = {
  'guards.settings': procedure<GuardSettingsView>()(
    "The price band (percent from the market price, per market too), the order value ceilings (in USDT, and as a share of the account's equity) and the velocity budget (an account's orders in one minute, in USDT and as a share of its equity) beyond which main asks before an order goes.",
    noInput,
  ),
  'guards.configure': procedure<GuardsConfiguredView>()(
    "Sets the guard thresholds; loosening one is confirmed in a native question (on a team desk, it is proposed for another admin's approval instead). Answers the settings in force.",
    guardSettingsInput,
  ),
} as const satisfies Record<string, ProcedureDef>;
