/** The procedures of an account's WebSocket subscriptions. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';
import { CANDLE_INTERVALS, CHANNELS } from '../../exchange/ws/channels.ts';
import type { CandleView, LiveState, LiveTradeView } from '../../views/live.ts';

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
