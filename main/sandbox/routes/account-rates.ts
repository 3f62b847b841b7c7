/**
 * What an account's trading costs and risks are: `market/fee` (its default spot and futures maker
 * and taker rates in percent, the markets whose own rates differ, and no RPI premium: the sandbox
 * charges none) and `collateral-account/adl-quantile` (each perpetual it holds, its long and short
 * side's ADL rank, the one the `ADLQuantile` channel pushes).
 */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { MarketDef, SandboxState } from '../state.ts';
import { adlRows } from '../ws/collateral-shapes.ts';

const percent = (rate: string): string => new Decimal(rate).times(100).toFixed();

/** The rate most markets of a kind have: the account's default for that kind. */
function usual(markets: MarketDef[], rate: (m: MarketDef) => string): string {
  const counts = new Map<string, number>();
  for (const m of markets) counts.set(rate(m), (counts.get(rate(m)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '0';
}

export function accountRateRoutes(state: SandboxState, positions: Positions): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/market/fee',
      handler: () => {
        const all = [...state.markets.values()];
        const kinds = {
          spot: all.filter((m) => m.type !== 'futures'),
          futures: all.filter((m) => m.type === 'futures'),
        };
        const defaults = {
          spot: { maker: usual(kinds.spot, (m) => m.makerFee), taker: usual(kinds.spot, (m) => m.takerFee) },
          futures: {
            maker: usual(kinds.futures, (m) => m.makerFee),
            taker: usual(kinds.futures, (m) => m.takerFee),
          },
        };
        const custom: Record<string, { taker: string; maker: string }> = {};
        for (const m of all) {
          const d = defaults[m.type === 'futures' ? 'futures' : 'spot'];
          if (m.makerFee !== d.maker || m.takerFee !== d.taker)
            custom[m.name] = { taker: percent(m.takerFee), maker: percent(m.makerFee) };
        }
        return {
          error: null,
          taker: percent(defaults.spot.taker),
          maker: percent(defaults.spot.maker),
          futures_taker: percent(defaults.futures.taker),
          futures_maker: percent(defaults.futures.maker),
          rpi_maker_fee_premium: null,
          futures_rpi_maker_fee_premium: null,
          custom_fee: custom,
        };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/collateral-account/adl-quantile',
      handler: ({ account }) =>
        adlRows(state, positions, account, new Set()).map(([market, long, short]) => ({
          market,
          long,
          short,
        })),
    },
  ];
}
