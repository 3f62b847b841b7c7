/**
 * Collateral history: position history (side + isHedge, the last six months) and borrow history with
 * its paging rules.
 */
import type { BorrowRecord, Positions } from '../collateral/positions.ts';
import { validationError } from '../http/errors.ts';
import { optInt, optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';
import { HISTORY_HORIZON_S } from './history.ts';

export const BORROW_ASSETS = ['USDT', 'BTC', 'ETH', 'LTC'];
export const BORROW_WINDOW_BUDGET = 10_000;

/** Newest first; same second: asset ascending, then engine sub-second creation time descending. */
export function borrowOrder(a: BorrowRecord, b: BorrowRecord): number {
  return (
    b.timestamp - a.timestamp ||
    (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
    b.createdAtMs - a.createdAtMs
  );
}

export function collateralHistoryRoutes(state: SandboxState, positions: Positions): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/collateral-account/positions/history',
      group: 'history',
      handler: ({ account, body }) => {
        const market = optString(body, 'market');
        const positionId = optInt(body, 'positionId', 1);
        const startDate = optInt(body, 'startDate', 0);
        const endDate = optInt(body, 'endDate', 0);
        const limitNow = Math.floor(state.now() / 1000) + 1;
        if (startDate !== undefined && endDate !== undefined && startDate > endDate)
          throw validationError({ startDate: ['The startDate must be a date before or equal to endDate.'] });
        if (endDate !== undefined && endDate > limitNow)
          throw validationError({ endDate: ['The endDate must not be later than now.'] });
        if (startDate !== undefined && endDate === undefined && startDate > limitNow)
          throw validationError({ startDate: ['The startDate must not be later than now.'] });
        // the last six months only, as the exchange serves its histories
        const horizon = limitNow - 1 - HISTORY_HORIZON_S;
        return positions.history
          .filter((h) => h.accountId === account.id)
          .map((h) => h.record)
          .filter((r) => (r['modifyDate'] as number) >= horizon)
          .filter((r) => !market || r['market'] === market)
          .filter((r) => positionId === undefined || r['positionId'] === positionId)
          .filter((r) => startDate === undefined || (r['modifyDate'] as number) >= startDate)
          .filter((r) => endDate === undefined || (r['modifyDate'] as number) <= endDate + 1)
          .reverse();
      },
    },
    {
      method: 'POST',
      path: '/api/v4/collateral-account/borrow-history',
      group: 'history',
      handler: ({ account, body }) => {
        const asset = optString(body, 'asset');
        const region = state.regions.get(account.region);
        if (asset && (!BORROW_ASSETS.includes(asset) || region?.blocked.has(`asset:${asset}`)))
          throw validationError({ asset: ['The selected asset is invalid.'] });
        const startTime = optInt(body, 'startTime', 0) ?? 0;
        const endTime = optInt(body, 'endTime', 0) ?? Math.floor(state.now() / 1000);
        if (endTime <= startTime)
          throw validationError({ endTime: ['The endTime must be greater than startTime.'] });
        const limit = optInt(body, 'limit', 1, 100) ?? 100;
        const offset = optInt(body, 'offset', 0, 10000) ?? 0;
        const allowed = BORROW_ASSETS.filter((a) => !region?.blocked.has(`asset:${a}`));
        const window = positions.borrows.filter(
          (b) =>
            b.accountId === account.id &&
            (asset ? b.asset === asset : allowed.includes(b.asset)) &&
            b.timestamp >= startTime &&
            b.timestamp <= endTime,
        );
        const engineRecords = window.reduce((n, b) => n + b.engineRecords, 0);
        if (engineRecords > BORROW_WINDOW_BUDGET)
          throw validationError({ startTime: ['The time window covers too many records; narrow it.'] });
        const records = window
          .sort(borrowOrder)
          .slice(offset, offset + limit)
          .map((b) => ({
            asset: b.asset,
            amount: b.amount,
            principal: b.principal,
            interest: b.interest,
            status: b.status,
            timestamp: b.timestamp,
          }));
        return { records, limit, offset };
      },
    },
  ];
}

/** Seeded borrow history: same-second ties and every status (main), two heavy records (another account). */
export function seedBorrows(
  state: SandboxState,
  positions: Positions,
  accountId: string,
  heavyAccountId: string,
): void {
  const t0 = Math.floor(state.now() / 1000) - 600;
  const ms = state.now() - 600_000;
  const add = (
    asset: string,
    timestamp: number,
    subMs: number,
    status: BorrowRecord['status'],
    records = 3,
    owner = accountId,
  ): void => {
    const principal = (100 + ((timestamp + subMs) % 900)).toString();
    positions.borrows.push({
      accountId: owner,
      asset,
      principal,
      interest: '0.5',
      amount: (Number(principal) + 0.5).toString(),
      status,
      timestamp,
      createdAtMs: ms - (t0 - timestamp) * 1000 + subMs,
      engineRecords: records,
    });
  };
  const statuses: BorrowRecord['status'][] = ['repaid', 'liquidated', 'repaid', 'active'];
  for (let i = 0; i < 12; i++)
    add(BORROW_ASSETS[i % 3] ?? 'USDT', t0 - i * 3600, 0, statuses[i % 4] ?? 'repaid');
  // ties inside one second: asset ascending, then sub-second creation time descending
  add('USDT', t0 - 50 * 3600, 100, 'repaid');
  add('BTC', t0 - 50 * 3600, 200, 'repaid');
  add('BTC', t0 - 50 * 3600, 900, 'repaid');
  // another account: two records with long engine histories, 40 and 41 days back
  add('USDT', t0 - 40 * 86_400, 0, 'repaid', 6000, heavyAccountId);
  add('USDT', t0 - 41 * 86_400, 0, 'repaid', 6000, heavyAccountId);
}
