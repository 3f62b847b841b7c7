/** The procedures of orders of one account: checks, placing (REST or WebSocket), modifying, cancelling. */
import { z } from 'zod';
import { accountId, decimalText, orderDraft, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { GuardQuestionView } from '../../views/guards.ts';
import type {
  BulkPlaceView,
  DealView,
  FeeRatesView,
  KillSwitchView,
  LadderPreviewView,
  OrderEstimateView,
  OrderFillView,
  OrderView,
  PlaceResultView,
  RuleIssueView,
  TicketFundsView,
} from '../../views/orders.ts';

const market = z.string().min(1).max(40);
/** A ladder's collateral fields: collateral orders on a margin market, position side, reduce-only. */
const ladderCollateral = {
  collateral: z.boolean().optional(),
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
  reduceOnly: z.boolean().optional(),
};
/** The ladder's splits and its most orders (main/rules/ladder.ts; a unit test holds them equal). */
export const ladderSkews = ['even', 'more_low', 'more_high'] as const;
export const LADDER_MAX = 100;

export const ordersProcedures = {
  'orders.check': procedure<{
    issues: RuleIssueView[];
    questions: GuardQuestionView[];
    estimate?: OrderEstimateView;
  }>()(
    "Every pre-trade rule an order draft breaks, with the nearest valid values (with the account, its hedge mode and balance too); the questions main will ask before it goes; and its base amount and value (a market order priced from main's read of the book).",
    z.strictObject({ draft: orderDraft, accountId: accountId.optional() }),
  ),
  'orders.place': procedure<PlaceResultView>()(
    "Checks and places an order for an account; an order beyond a guard goes only when the person confirms main's own question.",
    z.strictObject({ accountId, draft: orderDraft }),
  ),
  'orders.active': procedure<OrderView[]>()(
    'Every open order of an account (all pages of 100), newest first, with the values each one lets change.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'orders.funds': procedure<TicketFundsView>()(
    "What an order draft may spend (the balance the rules check it against) and, with `percent`, the amount on the market's step that spends that share of it.",
    z.strictObject({
      accountId,
      draft: orderDraft,
      percent: z.literal([25, 50, 75, 100], { message: 'must be 25, 50, 75 or 100' }).optional(),
    }),
  ),
  'orders.history': procedure<OrderView[]>()(
    'Finished orders (filled, partly filled, cancelled) of an account on one market in the last month, newest first; at most 100.',
    z.strictObject({ accountId, market: z.string().min(1).max(40) }),
  ),
  'orders.fills': procedure<DealView[]>()(
    "The account's fills on one market, newest first; at most 100.",
    z.strictObject({ accountId, market: z.string().min(1).max(40) }),
  ),
  'orders.deals': procedure<OrderFillView[]>()(
    "The fills of one of the account's orders (open or finished, of the last six months), newest first; at most 1,000.",
    z.strictObject({ accountId, orderId: z.number().int().positive() }),
  ),
  'orders.feeRates': procedure<FeeRatesView>()(
    "The account's own maker and taker rates on a market, in percent, as the exchange charges them (the market's own, else the account's default of its kind).",
    z.strictObject({ accountId, market }),
  ),
  'orders.modify': procedure<OrderView>()(
    "Changes what the order type lets change (price, amount, activation price; a take-profit / stop-loss leg only its trigger), checked as a new order of its new size and price: the order rules, the balance or margin, a leg's close-only rule, its side and its position's liquidation price, then the guards through main's one question. A spot limit or stop-limit order goes by REST, anything else over the WebSocket. The exchange answers a new order id.",
    z
      .strictObject({
        accountId,
        market: z.string().min(1).max(40),
        orderId: z.number().int().positive(),
        price: decimalText.optional(),
        amount: decimalText.optional(),
        activationPrice: decimalText.optional(),
      })
      .refine((v) => v.price !== undefined || v.amount !== undefined || v.activationPrice !== undefined, {
        message: 'give a new price, amount or activation price',
        path: ['price'],
      }),
  ),
  'orders.cancel': procedure<OrderView>()(
    "Cancels an open order at once; a take-profit / stop-loss leg of an open position only after main's question naming the leg and the position.",
    z.strictObject({ accountId, market: z.string().min(1).max(40), orderId: z.number().int().positive() }),
  ),
  'orders.cancelAll': procedure<{ cancelled: OrderView[] }>()(
    "Cancels every open order of an account on one market (in one WebSocket call while the account's socket is live, else one REST request) or on every market, market omitted (in one REST request), after main's confirmation naming the market and the count.",
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'orders.killSwitchArm': procedure<KillSwitchView>()(
    "Arms (or re-arms) the market's kill switch after main's confirmation: every order of the market (of `types`: spot, margin, futures; all when omitted) is cancelled after `timeout` seconds (5 to 600) unless armed again or disarmed.",
    z.strictObject({
      accountId,
      market: z.string().min(1).max(40),
      timeout: z.number().int().min(5).max(600),
      types: z
        .array(z.enum(['spot', 'margin', 'futures']))
        .min(1, { message: 'choose at least one order type' })
        .max(3)
        .optional(),
    }),
  ),
  'orders.killSwitchDisarm': procedure<null>()(
    "Disarms the market's kill switch; nothing is cancelled.",
    z.strictObject({ accountId, market: z.string().min(1).max(40) }),
  ),
  'orders.killSwitches': procedure<KillSwitchView[]>()(
    'The armed kill switches of an account (of one market, or all).',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'orders.placeWs': procedure<PlaceResultView>()(
    "Checks and places an order over the account's WebSocket instead of REST (over REST, saying so, when the socket is not live at that moment); an order beyond a guard goes only when the person confirms main's own question; a lost answer is looked up by the client order id before any resend.",
    z.strictObject({ accountId, draft: orderDraft }),
  ),
  'orders.previewLadder': procedure<LadderPreviewView>()(
    'Lays out a ladder of limit orders (spot, or collateral limit orders on a margin or futures market) (N orders in even steps between two prices, the total amount split evenly or leaning to one end) and checks each order with the order rules, and with the account, the balance and the guards; nothing is sent.',
    z.strictObject({
      accountId: accountId.optional(),
      market,
      side: z.enum(['buy', 'sell']),
      lowPrice: decimalText,
      highPrice: decimalText,
      orderCount: z.string().max(10),
      totalAmount: decimalText,
      skew: z.enum(ladderSkews),
      postOnly: z.boolean().optional(),
      ...ladderCollateral,
    }),
  ),
  'orders.placeBulk': procedure<BulkPlaceView>()(
    "Checks limit orders of one market and side as any order is checked, asks main's confirmation naming the count, side, market, each rung, the total and (collateral) the margin, then sends them (spot: in bulk requests of at most 20; collateral: one request each, paced); each order's outcome, failures first.",
    z.strictObject({
      accountId,
      market,
      side: z.enum(['buy', 'sell']),
      postOnly: z.boolean().optional(),
      stopOnFail: z.boolean().optional(),
      ...ladderCollateral,
      orders: z
        .array(
          z.strictObject({
            price: decimalText,
            amount: decimalText,
            clientOrderId: z.string().max(255).optional(),
          }),
        )
        .min(1, { message: 'give at least one order' })
        .max(LADDER_MAX, { message: `at most ${String(LADDER_MAX)} orders at once` }),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;

/** The procedures of one account's spot trade balances. */
export const balancesProcedures = {
  'balances.spot': procedure<Record<string, { available: string; freeze: string }>>()(
    'Spot trade balances of an account.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
