/**
 * The WebSocket methods' schemas: the params each method is sent with (snake_case, as the exchange
 * names them) and how the client reads its answer. An order method answers the order as
 * `ordersPending` shows it, read by the same reader as the pushes (`ws/records.ts`): numbers become
 * the words REST uses, and an answer not in the order shape is refused, never half-read.
 */
import { z } from 'zod';
import type { OrderView } from '../records.ts';
import { readOrder } from '../ws/records.ts';

/** An order as an order method answers it, read into the REST order view. */
export const wsOrderAnswer = z.unknown().transform((v, ctx): OrderView => {
  const view = readOrder(v);
  if (view) return view;
  ctx.addIssue({ code: 'custom', message: 'not an order in the shape ordersPending shows' });
  return z.NEVER;
});

/** An OCO pair: the pair's id (a number, when the answer names it), its limit and stop-limit legs. */
export const wsOcoAnswer = z.looseObject({
  id: z.unknown(),
  take_profit: wsOrderAnswer,
  stop_loss: wsOrderAnswer,
});
/** A position's take-profit and stop-loss legs, placed as one pair. */
export const wsTpSlAnswer = z.looseObject({ take_profit: wsOrderAnswer, stop_loss: wsOrderAnswer });

/** The fields an order method takes; which of them a method needs is its own (the rules check them first). */
export const wsOrderParams = z.tuple([
  z.object({
    market: z.string(),
    side: z.enum(['buy', 'sell']),
    amount: z.string(),
    price: z.string().optional(),
    activation_price: z.string().optional(),
    stop_limit_price: z.string().optional(),
    client_order_id: z.string().optional(),
    post_only: z.boolean().optional(),
    ioc: z.boolean().optional(),
    bbo_role: z.union([z.literal(1), z.literal(2)]).optional(),
    stp: z.enum(['no', 'cb', 'cn', 'co']).optional(),
    rpi: z.boolean().optional(),
    retail: z.boolean().optional(),
    position_side: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
    reduce_only: z.boolean().optional(),
    stop_loss: z.string().optional(),
    take_profit: z.string().optional(),
  }),
]);

/** Both legs' triggers of an open position, and its side in hedge mode. */
export const wsTpSlParams = z.tuple([
  z.object({
    market: z.string(),
    take_profit_activation_price: z.string(),
    stop_loss_activation_price: z.string(),
    position_side: z.enum(['LONG', 'SHORT']).optional(),
  }),
]);

/** An open order by its id, with a new price, amount or trigger. */
export const wsModifyParams = z.tuple([
  z.object({
    market: z.string(),
    order_id: z.number().int(),
    price: z.string().optional(),
    amount: z.string().optional(),
    activation_price: z.string().optional(),
  }),
]);

/** One market's open orders of the kinds named. */
export const wsCancelAllParams = z.tuple([
  z.object({ market: z.string(), type: z.array(z.enum(['spot', 'margin', 'futures'])) }),
]);

/** A ping's none; `authorize`'s the connection's token and the word `public`. */
export const noParams = z.tuple([]);
export const authorizeParams = z.tuple([z.string(), z.literal('public')]);
