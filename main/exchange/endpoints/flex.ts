/**
 * Flexible earn: the plans on offer, the account's investments, investing idle main balance and
 * withdrawing it back, closing an investment, its auto-reinvestment, and the history of the
 * operations and of the daily earnings.
 */
import { REST } from '../registry/index.ts';
import type {
  FlexAction,
  FlexFilter,
  FlexHistoryFilter,
  FlexInvestInput,
  FlexInvestment,
  FlexPaymentsFilter,
  FlexPlan,
} from '../schemas/flex.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type {
  FlexAction,
  FlexFilter,
  FlexHistoryFilter,
  FlexInvestInput,
  FlexInvestment,
  FlexPaymentsFilter,
  FlexPlan,
} from '../schemas/flex.ts';

/** The plans on offer (of one currency, with `ticker`), with paging. */
export function plans(
  c: KeyCaller,
  filter: { ticker?: string; limit?: number; offset?: number } = {},
): Promise<FlexPlan[]> {
  return c.call(REST.flexPlans, defined({ ...filter }), READ);
}

/** The account's flex investments, with paging. */
export async function investments(c: KeyCaller, filter: FlexFilter = {}): Promise<FlexInvestment[]> {
  return (await c.call(REST.flexInvestments, defined({ ...filter }), READ)).data;
}

/** Whether a listed investment is ACTIVE, whichever way the exchange spelled its status. */
export function isActive(investment: FlexInvestment): boolean {
  return investment.status === 1 || String(investment.status).toUpperCase() === 'ACTIVE';
}

/** Invests `amount` of the main balance in the plan (opening an investment or adding to it); answers the transaction id. */
export async function invest(c: KeyCaller, input: FlexInvestInput): Promise<string> {
  return (await c.call(REST.flexInvest, defined({ ...input }), WRITE)).data;
}

/** Withdraws `amount` of the investment in the plan to the main balance; answers the transaction id. */
export async function withdraw(c: KeyCaller, input: { plan: string; amount: string }): Promise<string> {
  return (await c.call(REST.flexWithdraw, { ...input }, WRITE)).data;
}

/**
 * Closes an ACTIVE investment and withdraws all its funds; answers the transaction id (`transaction_id`
 * in the spec, `transactionId` in the published example: either is read).
 */
export async function closeInvestment(c: KeyCaller, plan: string): Promise<string> {
  return (await c.call(REST.flexClose, { plan }, WRITE)).data;
}

/** Switches whether the active investment in the plan adds its daily earnings to itself. */
export async function setAutoInvest(c: KeyCaller, plan: string, enabled: boolean): Promise<void> {
  await c.call(REST.flexAutoInvest, { plan, enabled }, WRITE);
}

/** Every operation of the account's investments, newest first, with paging. */
export async function history(c: KeyCaller, filter: FlexHistoryFilter = {}): Promise<FlexAction[]> {
  return (await c.call(REST.flexHistory, defined({ ...filter }), READ)).data;
}

/** The daily earnings of the account's investments, newest first, with paging. */
export async function payments(c: KeyCaller, filter: FlexPaymentsFilter = {}): Promise<FlexAction[]> {
  return (await c.call(REST.flexPayments, defined({ ...filter }), READ)).data;
}
