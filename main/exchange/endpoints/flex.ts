/** Flex investments: the account's investments and closing one. */
import { z } from 'zod';
import { decimal, defined, integerLike, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

/** An investment as the exchange lists it; status 1 is ACTIVE, 0 CLOSED (some answers spell it out). */
export const flexInvestmentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  planId: z.string(),
  currency: z.string().optional(),
  invested: decimal.optional(),
  status: z.union([z.number(), z.string()]),
  withAutoReinvest: z.boolean().optional(),
  createdAt: integerLike.optional(),
  updatedAt: integerLike.optional(),
});
export type FlexInvestment = z.output<typeof flexInvestmentSchema>;

export interface FlexFilter {
  ticker?: string;
  plan?: string;
  /** 1 ACTIVE, 0 CLOSED. */
  investmentStatus?: 0 | 1;
  limit?: number;
  offset?: number;
}

const investmentsAnswer = z.looseObject({ data: z.array(flexInvestmentSchema) });

/** The account's flex investments, with paging. */
export async function investments(c: KeyCaller, filter: FlexFilter = {}): Promise<FlexInvestment[]> {
  return (await c.post(REST.flexInvestments.path, defined({ ...filter }), investmentsAnswer, READ)).data;
}

/** Whether a listed investment is ACTIVE, whichever way the exchange spelled its status. */
export function isActive(investment: FlexInvestment): boolean {
  return investment.status === 1 || String(investment.status).toUpperCase() === 'ACTIVE';
}

const transactionId = z.union([z.string(), z.number()]).transform(String);

const closeInvestmentAnswer = z.looseObject({
  data: z.union([
    z.looseObject({ transaction_id: transactionId }).transform((d) => d.transaction_id),
    z.looseObject({ transactionId }).transform((d) => d.transactionId),
  ]),
});

/**
 * Closes an ACTIVE investment and withdraws all its funds; answers the transaction id (`transaction_id`
 * in the spec, `transactionId` in the published example: either is read).
 */
export async function closeInvestment(c: KeyCaller, plan: string): Promise<string> {
  const answer = await c.post(REST.flexClose.path, { plan }, closeInvestmentAnswer, WRITE);
  return answer.data;
}
