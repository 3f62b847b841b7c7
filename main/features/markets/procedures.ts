/** The procedures of the market catalog and order book snapshots. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { LiveTradeView } from '../../views/live.ts';
import type {
  FundingPointView,
  MarketTickerView,
  MarketView,
  NearDepthView,
  OrderBookView,
} from '../../views/markets.ts';

export const marketsProcedures = {
  'markets.list': procedure<MarketView[]>()('Markets with their precision, limits and steps.', noInput),
  'markets.collateral': procedure<string[]>()(
    'The markets open to collateral (margin and futures) trading in this region, as the exchange lists them now.',
    noInput,
  ),
  'markets.depth': procedure<OrderBookView>()(
    "A snapshot of a market's order book (live changes come with live.subscribe depth).",
    z.strictObject({ market: z.string().min(1).max(40), limit: z.number().int().min(1).max(100).optional() }),
  ),
  'markets.nearDepth': procedure<NearDepthView>()(
    "How much a market's book holds within ±2 % of its last price, each side (base asset).",
    z.strictObject({ market: z.string().min(1).max(40) }),
  ),
  'markets.tickers': procedure<Record<string, MarketTickerView>>()(
    "Every market's last price, 24 h change and volume, and whether its trading is off, by market.",
    noInput,
  ),
  'markets.trades': procedure<LiveTradeView[]>()(
    "A market's recent public trades, newest first, read without a key (live.trades reads them over an account's WebSocket).",
    z.strictObject({ market: z.string().min(1).max(40) }),
  ),
  'markets.fundingHistory': procedure<FundingPointView[]>()(
    "A perpetual's last funding settlements (rate and mark price), oldest first: up to 100.",
    z.strictObject({ market: z.string().min(1).max(40), limit: z.number().int().min(1).max(100).optional() }),
  ),
} as const satisfies Record<string, ProcedureDef>;
