/**
 * The history endpoints an archive reads beside deals and positions: closed-position PnL, funding
 * payments and converts, in the shapes the exchange publishes (`http-trade-v4.yaml`), each serving
 * the last six months only.
 */
import { Decimal } from 'decimal.js';
import type { Positions } from '../collateral/positions.ts';
import { validationError } from '../http/errors.ts';
import { optInt, optIntOrText, optString } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';
import type { ConvertLogEntry } from '../wallet-state.ts';
import { HISTORY_HORIZON_S } from './history.ts';

const CONVERT_MAX_RANGE_S = 30 * 86_400;

/** Records a convert for `convert/history` (ids count up, as the exchange's numeric ids do). */
export function logConvert(
  state: SandboxState,
  accountId: string,
  c: { from: string; to: string; give: string; receive: string; rate: Decimal },
): void {
  const log = (state.wallet.convertLog ??= []);
  const rate = c.rate.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
  log.push({
    accountId,
    id: String(4000 + log.length + 1),
    date: Math.floor(state.now() / 1000),
    give: c.give,
    receive: c.receive,
    rate,
    path: [{ from: c.from, to: c.to, rate }],
  });
}

/** A Unix-seconds filter sent as a digit string (or a number); `fallback` when absent. */
function seconds(body: Body, field: string, fallback: number): number {
  const v = body[field];
  if (v === undefined || v === null || v === '') return fallback;
  if ((typeof v === 'string' && /^\d{1,12}$/.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v)))
    return Number(v);
  throw validationError({ [field]: ['validation.numeric_integer'] });
}

export function archiveHistoryRoutes(state: SandboxState, positions: Positions): PrivateRoute[] {
  const nowS = () => Math.floor(state.now() / 1000);
  return [
    {
      method: 'POST',
      path: '/api/v4/collateral-account/positions/closed-pnl',
      group: 'history',
      handler: ({ account, body }) => {
        const limit = optInt(body, 'limit') ?? 50;
        const offset = optInt(body, 'offset') ?? 0;
        if (limit < 1 || limit > 100 || offset < 0 || offset + limit > 10_000)
          throw validationError({
            limit: ['The limit must be 1 to 100 and offset plus limit at most 10000.'],
          });
        const startDate = optInt(body, 'startDate', 0);
        const endDate = optInt(body, 'endDate', 0);
        if (startDate !== undefined && endDate !== undefined && startDate > endDate)
          throw validationError({ startDate: ['The startDate must be a date before or equal to endDate.'] });
        if (endDate !== undefined && endDate > nowS() + 1)
          throw validationError({ endDate: ['The endDate must not be later than now.'] });
        const horizon = nowS() - HISTORY_HORIZON_S;
        return positions.book.closed
          .filter((c) => c.accountId === account.id)
          .map((c) => c.record)
          .filter((r) => r.closeDate >= horizon)
          .filter((r) => startDate === undefined || r.closeDate >= startDate)
          .filter((r) => endDate === undefined || r.closeDate <= endDate)
          .sort((a, b) => b.closeDate - a.closeDate || b.positionId - a.positionId)
          .slice(offset, offset + limit);
      },
    },
    {
      method: 'POST',
      path: '/api/v4/collateral-account/funding-history',
      group: 'history',
      handler: ({ account, body }) => {
        const market = optString(body, 'market');
        if (market !== undefined && state.markets.get(market)?.type !== 'futures')
          throw validationError({ market: ['Market is not available.'] }, 31);
        const limit = optInt(body, 'limit') ?? 100;
        const offset = optInt(body, 'offset') ?? 0;
        if (limit < 1 || limit > 100) throw validationError({ limit: ['The limit must be 1 to 100.'] });
        if (offset < 0) throw validationError({ offset: ['The offset must be at least 0.'] });
        const horizon = nowS() - HISTORY_HORIZON_S;
        const records = positions.book.funding
          .map((f, i) => ({ f, i }))
          .filter(({ f }) => f.accountId === account.id && f.fundingTime >= horizon)
          .filter(({ f }) => market === undefined || f.market === market)
          .sort((a, b) => b.f.fundingTime - a.f.fundingTime || b.i - a.i)
          .slice(offset, offset + limit)
          .map(({ f }) => ({
            market: f.market,
            fundingTime: String(f.fundingTime),
            fundingRate: f.fundingRate,
            fundingAmount: f.fundingAmount,
            positionAmount: f.positionAmount,
            settlementPrice: f.settlementPrice,
            rateCalculatedTime: String(f.rateCalculatedTime),
          }));
        return { records, limit, offset };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/convert/history',
      handler: ({ account, body }) => {
        const fromTicker = optString(body, 'fromTicker');
        const toTicker = optString(body, 'toTicker');
        if (fromTicker !== undefined && !state.assets.has(fromTicker))
          throw validationError({ fromTicker: ['fromTicker is invalid.'] });
        if (toTicker !== undefined && !state.assets.has(toTicker))
          throw validationError({ toTicker: ['toTicker is invalid.'] });
        const now = nowS();
        const to = seconds(body, 'to', now);
        const from = seconds(body, 'from', now);
        if (from < now - HISTORY_HORIZON_S)
          throw validationError({ from: ['validation.numeric_field_length'] });
        if (to - from > CONVERT_MAX_RANGE_S || to < from)
          throw validationError({
            from: ['api.validation.dateTime.maxRange'],
            to: ['api.validation.dateTime.maxRange'],
          });
        const limit = optIntOrText(body, 'limit') ?? 100;
        if (limit < 1 || limit > 100) throw validationError({ limit: ['validation.numeric_field_length'] });
        const offset = optIntOrText(body, 'offset') ?? 0;
        if (offset < 0) throw validationError({ offset: ['validation.length_min'] });
        const quoteId = optString(body, 'quoteId');
        const match = (c: ConvertLogEntry) =>
          c.accountId === account.id &&
          c.date >= from &&
          c.date <= to &&
          (quoteId === undefined || c.id === quoteId) &&
          (fromTicker === undefined || c.path[0]?.from === fromTicker) &&
          (toTicker === undefined || c.path.at(-1)?.to === toTicker);
        const all = (state.wallet.convertLog ?? []).filter(match).sort((a, b) => Number(b.id) - Number(a.id));
        const records = all.slice(offset, offset + limit).map((c) => ({
          id: c.id,
          date: c.date,
          give: c.give,
          receive: c.receive,
          rate: c.rate,
          path: c.path,
        }));
        return { records, total: all.length, limit, offset };
      },
    },
  ];
}
