/**
 * The building blocks of the IPC contract: the procedure and shape helpers and the input schemas
 * several procedures share. Free of Node imports, like the contract itself.
 */
import { z } from 'zod';
import { ORDER_KINDS } from '../rules/types.ts';

/** Phantom marker carrying a result or payload type; it has no runtime value. */
declare const phantom: unique symbol;
export interface Shape<T> {
  readonly [phantom]?: T;
}
export const shape = <T>(): Shape<T> => ({});

export interface ProcedureDef<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly input: S;
  readonly result: Shape<R>;
  readonly summary: string;
}

/** Who called a procedure: the router hands it to every handler. */
export interface CallContext {
  /** Who called: `window` for the Electron renderer, `browser-host` for the test host, ... */
  readonly origin: string;
  /**
   * The page instance that called (one load of the page: a reload or navigation is a new one).
   * What it starts that lives on (live subscriptions) ends with it: see `Core.endFrame`.
   */
  readonly frame?: string;
}

type ResultOf<D> = D extends ProcedureDef<z.ZodType, infer R> ? R : never;

/**
 * One handler per procedure of `P` (a domain's or feature's procedures, or the whole contract's):
 * it receives the validated input and answers the procedure's result.
 */
export type HandlersOf<P extends Record<string, ProcedureDef>> = {
  [K in keyof P & string]: (
    input: z.output<P[K]['input']>,
    ctx: CallContext,
  ) => Promise<ResultOf<P[K]>> | ResultOf<P[K]>;
};

export function procedure<R>() {
  return <S extends z.ZodType>(summary: string, input: S): ProcedureDef<S, R> => ({
    input,
    result: shape<R>(),
    summary,
  });
}

/** Accepts no input at all: `undefined` or an empty object. */
export const noInput = z.strictObject({}).optional();

/** A decimal as typed: its format and limits are checked by the pre-trade rules, with their words. */
export const decimalText = z.string().max(40);
export const accountId = z.uuid({ message: 'must be the id of a registered account' });
export const label = z.string().trim().min(1).max(64);
export const tagList = z.array(z.string().trim().min(1).max(40)).max(20);

export const orderDraft = z.strictObject({
  kind: z.enum(ORDER_KINDS),
  market: z.string().min(1).max(40),
  side: z.enum(['buy', 'sell']),
  amount: decimalText,
  price: decimalText.optional(),
  activation_price: decimalText.optional(),
  stop_limit_price: decimalText.optional(),
  clientOrderId: z.string().max(255).optional(),
  postOnly: z.boolean().optional(),
  ioc: z.boolean().optional(),
  bboRole: z.union([z.literal(1), z.literal(2)]).optional(),
  stp: z.enum(['no', 'cb', 'cn', 'co', 'cancel_both', 'cancel_new', 'cancel_old']).optional(),
  rpi: z.boolean().optional(),
  retail: z.boolean().optional(),
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
  reduceOnly: z.boolean().optional(),
  stopLoss: decimalText.optional(),
  takeProfit: decimalText.optional(),
});
export type OrderDraftInput = z.input<typeof orderDraft>;

export const sizing = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), amount: decimalText }),
  z.strictObject({
    kind: z.literal('weight'),
    total: decimalText,
    weights: z.record(accountId, z.number().nonnegative()),
  }),
  z.strictObject({
    kind: z.literal('share'),
    share: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share between 0 and 1'),
  }),
]);
/** Accounts of one desk action: a selection or the whole desk (planned for 1,000, room for 5,000). */
export const accountSet = z
  .array(accountId)
  .min(1, 'Choose at least one account')
  .max(5000, 'At most 5,000 accounts can be chosen at once');
export const permissionChanges = z
  .array(
    z.strictObject({
      // Path segments of letters, digits, '_' and '-' only: no '.', so no '..' either.
      url: z
        .string()
        .regex(/^\/api\/v4(\/[A-Za-z0-9_-]+)+$/, 'must be an API path such as /api/v4/order/new'),
      enable: z.boolean(),
    }),
  )
  .min(1)
  .max(100);
export const sweepPlan = z.strictObject({
  direction: z.enum(['main_to_sub', 'sub_to_main']),
  ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
  amount: z.union([z.literal('all'), z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal amount or all')]),
});

/** A view of the cached deals: `from` <= time < `to` in Unix seconds. */
export const dealFilter = z.strictObject({
  accounts: z.array(accountId).min(1).max(500).optional(),
  market: z.string().min(1).max(128).optional(),
  side: z.enum(['buy', 'sell']).optional(),
  role: z.enum(['maker', 'taker']).optional(),
  from: z.number().nonnegative().optional(),
  to: z.number().nonnegative().optional(),
  orderId: z.number().int().nonnegative().optional(),
  clientOrderId: z.string().min(1).max(255).optional(),
  /** Deals of the orders this operator of the team placed. */
  operator: z.string().min(1).max(63).optional(),
});
export const dealCursor = z.strictObject({
  timeUs: z.number().int(),
  id: z.number().int(),
  account: z.string().max(128),
});
