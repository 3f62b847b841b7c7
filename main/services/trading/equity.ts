/**
 * An account's equity in USDT, as the desk board counts it (spot free and locked, collateral, and the
 * open positions' unrealized PnL, each asset at its USDT price), for the order value ceiling: an
 * order may be worth a share of the account it is for. Read on the account's own key, kept a short
 * while; a spot balance that cannot be read leaves the equity unknown (null), never guessed.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as publicApi from '../../exchange/endpoints/public.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import type { PositionView } from '../../views/positions.ts';
import { Dec, parsePlain } from '../../rules/decimal.ts';
import { boardRow, type Prices } from '../desk/board-rows.ts';
import type { MarketCatalog } from '../market-catalog.ts';

/** How long an equity or a USDT price is used. */
export const EQUITY_TTL_MS = 15_000;

const positive = (text: string | undefined): boolean => !!text && !!parsePlain(text)?.gt(0);

export class EquityReadings {
  readonly #http: ExchangeHttp | undefined;
  readonly #catalog: MarketCatalog;
  readonly #now: () => number;
  readonly #equity = new Map<string, { at: number; value: Promise<Dec | null> }>();
  readonly #prices = new Map<string, { at: number; value: Promise<Dec | undefined> }>();

  constructor(http: ExchangeHttp | undefined, catalog: MarketCatalog, now: () => number = Date.now) {
    this.#http = http;
    this.#catalog = catalog;
    this.#now = now;
  }

  /** The account's equity in USDT; null when its balances cannot be read. */
  equity(caller: KeyCaller): Promise<Dec | null> {
    const key = caller.credentials.apiKey;
    const hit = this.#equity.get(key);
    if (hit && this.#now() - hit.at < EQUITY_TTL_MS) return hit.value;
    const value = this.#read(caller).catch(() => null);
    this.#equity.set(key, { at: this.#now(), value });
    return value;
  }

  /** USDT for one unit of `asset`: its perpetual's index price, else the middle of its USDT book. */
  usdtPrice(asset: string): Promise<Dec | undefined> {
    if (asset === 'USDT') return Promise.resolve(new Dec(1));
    const hit = this.#prices.get(asset);
    if (hit && this.#now() - hit.at < EQUITY_TTL_MS) return hit.value;
    const value = this.#price(asset).catch(() => undefined);
    this.#prices.set(asset, { at: this.#now(), value });
    return value;
  }

  async #price(asset: string): Promise<Dec | undefined> {
    const http = this.#http;
    if (!http) return undefined;
    const perp = (await publicApi.futures(http)).find((f) => f.ticker_id === `${asset}_PERP`);
    if (perp && positive(perp.index_price)) return new Dec(perp.index_price);
    const spot = await this.#catalog.get(`${asset}_USDT`);
    if (!spot) return undefined;
    const book = await publicApi.orderBook(http, spot.name, 1);
    const [bid, ask] = [book.bids[0]?.[0], book.asks[0]?.[0]];
    if (bid && ask) return new Dec(bid).add(ask).div(2);
    return bid || ask ? new Dec((bid ?? ask) as string) : undefined;
  }

  async #read(caller: KeyCaller): Promise<Dec | null> {
    const [spot, held, open] = await Promise.allSettled([
      trading.tradeBalance(caller),
      collateral.collateralBalance(caller),
      collateral.openPositions(caller),
    ]);
    if (spot.status === 'rejected') return null;
    const collateralBalances = held.status === 'fulfilled' ? held.value : {};
    const positions: PositionView[] =
      open.status === 'fulfilled'
        ? open.value.map((p) => {
            const pnl = (p as Record<string, unknown>)['pnl'];
            return {
              positionId: p.positionId,
              market: p.market,
              amount: p.amount,
              basePrice: null,
              liquidationPrice: null,
              ...(typeof pnl === 'string' ? { pnl } : {}),
            };
          })
        : [];
    const assets = new Set<string>();
    for (const [asset, b] of Object.entries(spot.value))
      if (positive(b.available) || positive(b.freeze)) assets.add(asset);
    for (const [asset, amount] of Object.entries(collateralBalances)) if (positive(amount)) assets.add(asset);
    const prices: Prices = { assets: {}, marks: {} };
    await Promise.all(
      [...assets].map(async (asset) => {
        const price = await this.usdtPrice(asset);
        if (price) prices.assets[asset] = price.toFixed();
      }),
    );
    const row = boardRow(
      { id: '', label: '', kind: 'main', groups: [] },
      {
        spot: { value: spot.value, asOfMs: 0 },
        collateral: { value: collateralBalances, asOfMs: 0 },
        positions: { value: positions, asOfMs: 0 },
      },
      prices,
    );
    return row.equity === undefined ? null : new Dec(row.equity);
  }
}
