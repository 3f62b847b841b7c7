/**
 * What a view reads over an account's WebSocket when it starts listening, before the channel's next
 * push: a market's candles and its latest trades (the ADL ranks: `collateral-account/adl-quantile`). A subscription
 * shared with an earlier listener sends nothing new, so a view joining it reads what it shows first.
 */
import { ExchangeError } from '../../exchange/errors.ts';
import type { WsClient } from '../../exchange/ws/index.ts';
import type { CandleInterval } from '../../exchange/ws/channels.ts';
import { candleRows, tradeRows } from '../../exchange/ws/views.ts';
import type { CandleView, LiveTradeView } from '../../views/live.ts';

/** Latest trades of a market read at once: as many as the Trade screen keeps (the exchange answers at most 100). */
export const TRADES_READ = 30;

/**
 * A market's candles of one interval (`candles_request`), oldest first: those starting in
 * [start, end], by default the last 300 intervals up to now.
 */
export async function readCandles(
  client: WsClient,
  market: string,
  interval: CandleInterval,
  start?: number,
  end?: number,
): Promise<CandleView[]> {
  const to = end ?? Math.floor(Date.now() / 1000);
  const from = start ?? to - 300 * interval;
  // Public data: asked as soon as the socket is open, not after the account is authorized and reconciled.
  await client.opened();
  const rows = candleRows(await client.request<unknown>('candles_request', [market, from, to, interval]));
  if (!rows || (rows.candles.length > 0 && rows.market !== market))
    throw new ExchangeError(
      'bad_response',
      `The exchange answered candles of ${market} in a shape this app cannot read.`,
    );
  return rows.candles;
}

/** A market's latest trades (`trades_request`), newest first: later ones come with its `trades` pushes. */
export async function readTrades(client: WsClient, market: string): Promise<LiveTradeView[]> {
  await client.opened();
  const rows = tradeRows(await client.request<unknown>('trades_request', [market, TRADES_READ]));
  if (!rows)
    throw new ExchangeError(
      'bad_response',
      `The exchange answered the trades of ${market} in a shape this app cannot read.`,
    );
  return rows;
}
