/** The prices the board values every account with: USDT prices of the assets and mark prices. */
import { futures } from '../../exchange/endpoints/public.ts';
import { Dec } from '../../rules/decimal.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { Prices } from '../../services/desk/board-rows.ts';

/**
 * Mark prices of the collateral markets (index price where there is no mark), and the USDT price of
 * each asset: the index price of its perpetual, or the middle of the best bid and ask of its spot
 * market against USDT.
 */
export async function readPrices(connection: ExchangeConnection): Promise<Prices> {
  const prices: Prices = { assets: {}, marks: {} };
  const [markets, perps] = await Promise.all([connection.catalog.all(), futures(connection.http)]);
  for (const f of perps) {
    const mark = f.mark_price || f.index_price;
    prices.marks[f.ticker_id] = mark;
    const [base = '', quote = ''] = f.ticker_id.split('_');
    if (quote === 'PERP') prices.assets[base] ??= f.index_price;
  }
  const spot = markets.filter((m) => m.type === 'spot' && m.name.endsWith('_USDT'));
  await Promise.all(
    spot.map(async (m) => {
      const book = await connection.catalog.depth(m.name, 1);
      const bid = book.bids[0]?.[0];
      const ask = book.asks[0]?.[0];
      const base = m.name.slice(0, -'_USDT'.length);
      if (bid && ask) prices.assets[base] = midOf(bid, ask);
      prices.marks[m.name] ??= prices.assets[base] ?? '';
    }),
  );
  return prices;
}

/** (bid + ask) / 2, exact. */
function midOf(bid: string, ask: string): string {
  return new Dec(bid).plus(ask).div(2).toFixed();
}
