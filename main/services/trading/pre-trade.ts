/**
 * What the pre-trade guards read from the exchange: the price a band is measured from (the futures
 * mark price, else the middle of the best bid and ask), the book a market order is priced from (up to
 * 100 levels; read afresh when the order is sent), the position an order meets and the balance an
 * order may spend (the spot trade balance, or for a collateral order the collateral balance with the
 * positions it closes). Readings are kept for a short while; a balance that cannot be read is an
 * error, never a pass.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as publicApi from '../../exchange/endpoints/public.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import { UserFacingError } from '../../errors.ts';
import { Dec, parsePlain } from '../../rules/decimal.ts';
import { spendsAsset, type Funds, type Reference } from '../../rules/guards.ts';
import { isCollateralKind, type OrderDraft } from '../../rules/index.ts';
import { BOOK_LEVELS, type OrderBookRead } from '../../rules/market-estimate.ts';
import type { CatalogMarket } from '../market-catalog.ts';

/** How long a price or balance reading is used. */
export const READING_TTL_MS = 2_000;

export class BalanceUnreadable extends UserFacingError {
  constructor() {
    super(
      'balance_unavailable',
      "This account's available balance could not be read, so the order was not sent: check the connection and the key's permissions, then try again.",
      'amount',
    );
    this.name = 'BalanceUnreadable';
  }
}

export class PreTradeReadings {
  readonly #http: ExchangeHttp | undefined;
  readonly #now: () => number;
  readonly #references = new Map<string, { at: number; value: Reference | undefined }>();
  readonly #funds = new Map<string, { at: number; value: Funds }>();
  readonly #positions = new Map<string, { at: number; value: string | null }>();
  readonly #books = new Map<string, { at: number; value: Promise<OrderBookRead> }>();

  constructor(http: ExchangeHttp | undefined, now: () => number = Date.now) {
    this.#http = http;
    this.#now = now;
  }

  #fresh<T>(cache: Map<string, { at: number; value: T }>, key: string): { value: T } | undefined {
    const hit = cache.get(key);
    return hit && this.#now() - hit.at < READING_TTL_MS ? hit : undefined;
  }

  /** The price the band is measured from; undefined when the market has no price now (empty book). */
  async reference(market: CatalogMarket): Promise<Reference | undefined> {
    const http = this.#http;
    if (!http) return undefined;
    const hit = this.#fresh(this.#references, market.name);
    if (hit) return hit.value;
    let value: Reference | undefined;
    if (market.type === 'futures') {
      const mark = (await publicApi.futures(http)).find((f) => f.ticker_id === market.name)?.mark_price;
      if (mark && parsePlain(mark)?.gt(0)) value = { price: mark, label: 'mark price' };
    }
    if (!value) {
      const book = await publicApi.orderBook(http, market.name, 1);
      const ask = book.asks[0]?.[0];
      const bid = book.bids[0]?.[0];
      const price = ask && bid ? new Dec(ask).add(bid).div(2).toFixed() : (ask ?? bid);
      if (price) value = { price, label: ask && bid ? 'market price' : 'best price in the book' };
    }
    this.#references.set(market.name, { at: this.#now(), value });
    return value;
  }

  /**
   * The market's book, up to 100 levels a side. `maxAgeMs` 0 reads it now (a single order about to go
   * is priced from the book as it stands); a batch shares a read begun within `maxAgeMs`; without it a
   * reading of the last moments will do (a check).
   */
  book(market: CatalogMarket, maxAgeMs?: number): Promise<OrderBookRead | undefined> {
    const http = this.#http;
    if (!http) return Promise.resolve(undefined);
    const age = maxAgeMs ?? READING_TTL_MS;
    const hit = this.#books.get(market.name);
    if (age > 0 && hit && this.#now() - hit.at < age) return hit.value;
    const value = publicApi
      .orderBook(http, market.name, BOOK_LEVELS)
      .then((read) => ({ asks: read.asks, bids: read.bids }));
    this.#books.set(market.name, { at: this.#now(), value });
    // a failed read is not kept for the next order
    value.catch(() => {
      if (this.#books.get(market.name)?.value === value) this.#books.delete(market.name);
    });
    return value;
  }

  /**
   * The account's one-way position on the market, as a signed base amount (null when none); undefined
   * when it cannot be read (the question about turning it around is then left to the exchange). A send
   * reads it now; a check may use a reading of the last moments.
   */
  async position(caller: KeyCaller, market: string, fresh: boolean): Promise<string | null | undefined> {
    const key = `${caller.credentials.apiKey}|${market}`;
    const hit = fresh ? undefined : this.#fresh(this.#positions, key);
    if (hit) return hit.value;
    let value: string | null;
    try {
      const open = await collateral.openPositions(caller, market);
      const p = open.find(
        (x) =>
          x.market === market &&
          (x.positionSide === undefined || x.positionSide === 'BOTH') &&
          !new Dec(x.amount).isZero(),
      );
      value = p ? new Dec(p.amount).toFixed() : null;
    } catch {
      return undefined;
    }
    this.#positions.set(key, { at: this.#now(), value });
    return value;
  }

  /** What the account can spend on this order; refused with a clear error when it cannot be read. */
  async funds(caller: KeyCaller, draft: OrderDraft, market: CatalogMarket): Promise<Funds> {
    const asset = spendsAsset(draft);
    const collateralOrder = isCollateralKind(draft.kind);
    const key = `${caller.credentials.apiKey}|${collateralOrder ? `c|${market.name}|${draft.side}` : `s|${asset}`}`;
    const hit = this.#fresh(this.#funds, key);
    if (hit) return hit.value;
    let value: Funds;
    try {
      if (!collateralOrder) {
        value = { asset, available: (await trading.tradeBalanceOf(caller, asset)).available };
      } else {
        const [balances, positions, summary] = await Promise.all([
          collateral.collateralBalance(caller, asset),
          collateral.openPositions(caller, market.name),
          // the account's leverage, as the exchange margins a new position; the market's highest if unread
          collateral.collateralSummary(caller).catch(() => undefined),
        ]);
        // A position the other way is closed by this order without new margin.
        const covered = positions
          .map((p) => new Dec(p.amount))
          .filter((a) => (draft.side === 'buy' ? a.lt(0) : a.gt(0)))
          .reduce((sum, a) => sum.add(a.abs()), new Dec(0));
        value = {
          asset,
          available: balances[asset] ?? '0',
          leverage: Math.min(summary?.leverage ?? Infinity, market.maxLeverage ?? 100),
          covered: covered.toFixed(),
        };
      }
    } catch {
      throw new BalanceUnreadable();
    }
    this.#funds.set(key, { at: this.#now(), value });
    return value;
  }

  /** Forgets the account's balances and positions (an order was just placed, changed or cancelled). */
  spent(caller: KeyCaller): void {
    for (const cache of [this.#funds, this.#positions])
      for (const key of cache.keys()) if (key.startsWith(`${caller.credentials.apiKey}|`)) cache.delete(key);
  }
}
