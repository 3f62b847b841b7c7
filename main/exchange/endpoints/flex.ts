/** Flex investments: the account's investments and closing one. */
import { REST } from '../registry/index.ts';
import type { FlexFilter, FlexInvestment } from '../schemas/wallet.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type { FlexFilter, FlexInvestment } from '../schemas/wallet.ts';

/** The account's flex investments, with paging. */
export async function investments(c: KeyCaller, filter: FlexFilter = {}): Promise<FlexInvestment[]> {
  return (await c.call(REST.flexInvestments, defined({ ...filter }), READ)).data;
}

/** Whether a listed investment is ACTIVE, whichever way the exchange spelled its status. */
export function isActive(investment: FlexInvestment): boolean {
  return investment.status === 1 || String(investment.status).toUpperCase() === 'ACTIVE';
}

/**
 * Closes an ACTIVE investment and withdraws all its funds; answers the transaction id (`transaction_id`
 * in the spec, `transactionId` in the published example: either is read).
 */
export async function closeInvestment(c: KeyCaller, plan: string): Promise<string> {
  return (await c.call(REST.flexClose, { plan }, WRITE)).data;
}
