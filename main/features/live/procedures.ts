/** The procedures of an account's WebSocket subscriptions. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';
import { CANDLE_INTERVALS, CHANNELS } from '../../exchange/ws/channels.ts';
import type { CandleView, LiveState, LiveTradeView } from '../../views/live.ts';
import type { KnownEntryView } from '../../views/known.ts';

const unixSeconds = z.number().int().min(0).max(4_102_444_800);

export const liveProcedures = {
  'live.subscribe': procedure<string>()(
    'Listens to a WebSocket channel of an account for a market or ticker (`*` for all); pushes come as ws.batch events.',
    z.strictObject({
      accountId,
      channel: z.enum(CHANNELS),
      topic: z.string().min(1).max(40),
    }),
  ),
  'live.candles': procedure<CandleView[]>()(
    "A market's candles of one interval (seconds) whose start lies in [start, end] (Unix seconds; by default the last 300 intervals), oldest first, through the account's WebSocket; live changes come with live.subscribe candles and the topic MARKET@INTERVAL.",
    z
      .strictObject({
        accountId,
        market: z.string().min(1).max(40),
        interval: z.literal([...CANDLE_INTERVALS], {
          message: `must be one of ${CANDLE_INTERVALS.join(', ')} seconds`,
        }),
        start: unixSeconds.optional(),
        end: unixSeconds.optional(),
      })
      .refine((v) => v.start === undefined || v.end === undefined || v.end > v.start, {
        message: 'must be after the start',
        path: ['end'],
      }),
  ),
  'live.trades': procedure<LiveTradeView[]>()(
    "A market's latest trades, newest first, through the account's WebSocket; later ones come with live.subscribe trades.",
    z.strictObject({ accountId, market: z.string().min(1).max(40) }),
  ),
  'live.state': procedure<LiveState>()(
    "The state of an account's WebSocket now ('live' while authorized and subscribed; 'idle' when none is open); changes come as ws.state events.",
    z.strictObject({ accountId }),
  ),
  'live.unsubscribe': procedure<boolean>()('Stops a live subscription.', z.strictObject({ id: z.uuid() })),
} as const satisfies Record<string, ProcedureDef>;

/** The procedures of the last known state: what each screen paints at once, offline too. */
export const knownKinds = [
  'balances.spot',
  'balances.collateral',
  'collateral.overview',
  'balances.main',
  'orders.open',
  'positions.open',
  'subaccount.balances',
  'mining.workers',
  'keys.permissions',
  'mining.accounts',
  'mining.hashrates',
  'mining.payout',
] as const;

export const knownProcedures = {
  'known.recall': procedure<KnownEntryView[]>()(
    'The last known value of one kind for the given accounts (or all), each with when it was taken; from the cache only, never the exchange.',
    z.strictObject({
      kind: z.enum(knownKinds),
      accountIds: z.array(accountId).max(5_000).optional(),
      scope: z.string().max(100).optional(),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
