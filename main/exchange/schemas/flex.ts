/**
 * Flexible earn (`main-account/smart-flex/*`): the plans on offer, the account's investments, what
 * investing, withdrawing, closing and auto-reinvestment send, and the history of the operations.
 */
import { z } from 'zod';
import { decimal, integerLike, paging } from './primitives.ts';

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
/** `investmentStatus` 1 ACTIVE, 0 CLOSED. */
export const flexRequest = z.object({
  ticker: z.string().optional(),
  plan: z.string().optional(),
  investmentStatus: z.union([z.literal(0), z.literal(1)]).optional(),
  ...paging,
});
export type FlexFilter = z.infer<typeof flexRequest>;
export const investmentsAnswer = z.looseObject({ data: z.array(flexInvestmentSchema) });

export const flexCloseRequest = z.object({ plan: z.string() });
const transactionId = z.union([z.string(), z.number()]).transform(String);
/** The transaction id: `transaction_id` in the spec, `transactionId` in the published example. */
export const closeInvestmentAnswer = z.looseObject({
  data: z.union([
    z.looseObject({ transaction_id: transactionId }).transform((d) => d.transaction_id),
    z.looseObject({ transactionId }).transform((d) => d.transactionId),
  ]),
});

/** A plan on offer; `maxRate` is its yearly rate (0.08: 8 % a year). */
export const flexPlanSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  ticker: z.string(),
  minInvestment: decimal,
  maxInvestment: decimal,
  maxRate: decimal,
});
export type FlexPlan = z.output<typeof flexPlanSchema>;
export const flexPlansRequest = z.object({ ticker: z.string().optional(), ...paging });
export const flexPlansAnswer = z.array(flexPlanSchema);

/** Invests `amount` of the main balance in the plan; `withReinvest` adds each daily earning to it. */
export const flexInvestRequest = z.object({
  plan: z.string(),
  amount: decimal,
  withReinvest: z.boolean().optional(),
});
export type FlexInvestInput = z.input<typeof flexInvestRequest>;
/** Withdraws `amount` of the investment in the plan to the main balance. */
export const flexWithdrawRequest = z.object({ plan: z.string(), amount: decimal });
export const flexAutoInvestRequest = z.object({ plan: z.string(), enabled: z.boolean() });

/** 1 invest, 2 reinvest, 3 withdraw, 4 daily earning, 5 close, 6 open. */
export const FLEX_ACTIONS = [1, 2, 3, 4, 5, 6] as const;
const historyFilter = {
  plan: z.string().optional(),
  investment: z.string().optional(),
  transaction: z.string().optional(),
  /** Unix seconds. */
  dateFrom: z.number().int().optional(),
  dateTo: z.number().int().optional(),
  ...paging,
};
export const flexHistoryRequest = z.object({
  ...historyFilter,
  actionTypes: z.array(z.union(FLEX_ACTIONS.map((n) => z.literal(n)))).optional(),
});
export type FlexHistoryFilter = z.input<typeof flexHistoryRequest>;
export const flexPaymentsRequest = z.object(historyFilter);
export type FlexPaymentsFilter = z.input<typeof flexPaymentsRequest>;
export const flexActionSchema = z.looseObject({
  createdAt: integerLike,
  planId: z.union([z.string(), z.number()]).transform(String),
  investmentId: z.union([z.string(), z.number()]).transform(String),
  currency: z.string(),
  amount: decimal,
  transaction_id: z.union([z.string(), z.number()]).transform(String),
  actionType: z.number().int(),
});
export type FlexAction = z.output<typeof flexActionSchema>;
export const flexHistoryAnswer = z.looseObject({ data: z.array(flexActionSchema) });
