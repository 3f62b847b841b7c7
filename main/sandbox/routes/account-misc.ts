/** Travel-rule VASPs, flex investment close, WebSocket token. */
import { Decimal } from 'decimal.js';
import { ApiError, fieldError } from '../http/errors.ts';
import { oneOf, optInt, optString, reqDecimal, reqString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Positions } from '../collateral/positions.ts';
import {
  collateralBalance,
  creditMain,
  debitMain,
  mainBalance,
  notEnough,
  spot,
  toLedger,
} from '../ledger.ts';
import { uuidFrom } from '../fixture.ts';
import { subInfo } from '../sub-account-state.ts';
import type { Account, SandboxState } from '../state.ts';
import { CONFIRM_AFTER_MS } from '../wallet-state.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const VASPS = [
  { vaspId: 'c1a9b0e2-5f4d-4e7a-9b1c-2d3e4f5a6b7c', name: 'Binance' },
  { vaspId: 'd2b8c1f3-6e5a-4f8b-8c2d-3e4f5a6b7c8d', name: 'Coinbase' },
  { vaspId: 'e3c7d2a4-7f6b-4a9c-9d3e-4f5a6b7c8d9e', name: 'Kraken' },
];

type Place = 'main' | 'spot' | 'collateral';
const PLACES = ['main', 'spot', 'collateral'] as const;
/** The deprecated `method` names, each a from/to pair. */
const METHODS: Record<string, [Place, Place]> = {
  deposit: ['main', 'spot'],
  withdraw: ['spot', 'main'],
  'collateral-deposit': ['main', 'collateral'],
  'collateral-withdraw': ['collateral', 'main'],
};

/** `from` and `to` (or the deprecated `method`), two different balances. */
function transferEnds(body: Record<string, unknown>): { from: Place; to: Place } {
  const method = body['method'];
  if (body['from'] === undefined && body['to'] === undefined && method !== undefined) {
    const pair = typeof method === 'string' ? METHODS[method] : undefined;
    if (!pair) throw fieldError('method', 'The selected method is invalid.');
    return { from: pair[0], to: pair[1] };
  }
  const from = oneOf(body, 'from', PLACES);
  const to = oneOf(body, 'to', PLACES);
  if (!from) throw fieldError('from', 'The from field is required.');
  if (!to) throw fieldError('to', 'The to field is required.');
  if (to === from) throw fieldError('to', 'The to and from must be different.');
  return { from, to };
}

/** A sub-account's permissions enable transfers to its trade and collateral balances. */
function refuseDisabled(account: Account, to: Place): void {
  if (account.kind !== 'sub' || to === 'main') return;
  const info = subInfo(account);
  if (to === 'spot' ? !info.spotEnabled : !info.collateralEnabled)
    throw fieldError(
      'to',
      `Transfers to the ${to === 'spot' ? 'trade' : 'collateral'} balance are disabled for this sub-account.`,
    );
}

export function accountMiscRoutes(state: SandboxState, positions: Positions): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/travel-rule/vasps',
      group: 'account',
      handler: ({ account }) => {
        if (!state.regions.get(account.region)?.vaspEnabled)
          throw new ApiError(422, {
            code: 0,
            message: 'Validation failed',
            errors: { error: ['This endpoint is disabled for your region.'] },
          });
        return { data: { vasps: VASPS } };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/smart-flex/investments',
      handler: ({ account, body }) => {
        const limit = optInt(body, 'limit', 1, 100) ?? 100;
        const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
        const ticker = optString(body, 'ticker');
        const plan = optString(body, 'plan');
        const status = body['investmentStatus'];
        if (status !== undefined && status !== 0 && status !== 1)
          throw fieldError('investmentStatus', 'The selected investment status is invalid.');
        const data = state.wallet.flex
          .filter(
            (f) =>
              f.accountId === account.id &&
              (!ticker || f.ticker === ticker) &&
              (!plan || f.plan === plan) &&
              (status === undefined || (status === 1) === (f.status === 'ACTIVE')),
          )
          .slice(offset, offset + limit)
          .map((f) => ({
            id: f.plan,
            planId: f.plan,
            currency: f.ticker,
            invested: f.amount,
            withAutoReinvest: false,
            status: f.status === 'ACTIVE' ? 1 : 0,
            createdAt: f.createdAt ?? 0,
            updatedAt: f.createdAt ?? 0,
          }));
        return { data, limit, offset };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/smart-flex/investments/close',
      group: 'account',
      handler: ({ account, body }) => {
        const plan = reqString(body, 'plan');
        if (!UUID_RE.test(plan)) throw fieldError('plan', 'The plan must be a valid UUID.');
        const inv = state.wallet.flex.find((f) => f.plan === plan && f.accountId === account.id);
        if (!inv) throw fieldError('plan', 'The selected plan is invalid.');
        if (inv.status !== 'ACTIVE') throw fieldError('plan', 'The investment is not active.');
        inv.status = 'CLOSED';
        creditMain(account, inv.ticker, new Decimal(inv.amount));
        return { data: { transaction_id: uuidFrom(state.rng.hex(16)) } };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/transfer',
      handler: ({ account, body }) => {
        const { from, to } = transferEnds(body);
        refuseDisabled(account, to);
        const ticker = reqString(body, 'ticker');
        if (!state.assets.has(ticker)) throw fieldError('ticker', 'The selected ticker is invalid.');
        const amount = reqDecimal(body, 'amount');
        if (amount.lte(0)) throw fieldError('amount', 'The amount must be greater than 0.');
        if (amount.decimalPlaces() > 8)
          throw fieldError('amount', 'The amount may have at most 8 decimal places.');
        if (from === 'main') {
          // funds of an unconfirmed deposit may be traded, not moved to the collateral balance
          if (to === 'collateral') debitMain(account, ticker, amount);
          else {
            if (amount.gt(mainBalance(account, ticker))) throw notEnough();
            account.main.set(ticker, mainBalance(account, ticker).minus(amount));
          }
        } else if (from === 'spot') {
          const b = spot(account, ticker);
          if (toLedger(amount) > b.available) throw notEnough();
          b.available -= toLedger(amount);
        } else {
          const have = Decimal.max(0, positions.freeMargin(account, ticker));
          if (amount.gt(have)) throw notEnough();
          account.collateral.set(ticker, collateralBalance(account, ticker).minus(amount));
        }
        if (to === 'main') creditMain(account, ticker, amount);
        else if (to === 'spot') spot(account, ticker).available += toLedger(amount);
        else account.collateral.set(ticker, collateralBalance(account, ticker).plus(amount));
        // an empty list, as the exchange answers a transfer between balances
        return [];
      },
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/refund-deposit',
      handler: ({ account, body }) => {
        const depositId = reqString(body, 'depositId');
        const memo = optString(body, 'memo', 255);
        const deposit = state.wallet.records.find(
          (r) => r.id === depositId && r.accountId === account.id && r.method === 1,
        );
        if (!deposit) throw fieldError('depositId', 'The selected deposit is invalid.');
        if (deposit.status !== 'successful')
          throw fieldError('depositId', 'Only a credited deposit can be refunded.');
        if (state.wallet.refunds.some((r) => r.depositId === depositId && r.status !== 'canceled'))
          throw fieldError('depositId', 'This deposit is already being refunded.');
        // only full refunds exist: the whole deposit leaves the main balance
        debitMain(account, deposit.ticker, new Decimal(deposit.amount));
        state.wallet.refunds.push({
          id: uuidFrom(state.rng.hex(16)),
          accountId: account.id,
          depositId,
          ticker: deposit.ticker,
          amount: deposit.amount,
          memo: memo ?? null,
          status: 'in_process',
          createdAt: Math.floor(state.now() / 1000),
          completeAt: state.now() + CONFIRM_AFTER_MS,
        });
        return {};
      },
    },
    {
      method: 'POST',
      path: '/api/v4/travel-rule/deposit/verification',
      handler: ({ account, body }) => {
        const depositId = reqString(body, 'depositId');
        const deposit = state.wallet.records.find(
          (r) => r.id === depositId && r.accountId === account.id && r.method === 1,
        );
        if (!deposit) throw fieldError('depositId', 'The selected deposit is invalid.');
        const originator = body['originator'];
        if (
          originator !== undefined &&
          (typeof originator !== 'object' || originator === null || Array.isArray(originator))
        )
          throw fieldError('originator', 'The originator must be an object.');
        return {};
      },
    },
    {
      method: 'POST',
      path: '/api/v4/profile/websocket_token',
      group: 'wsToken',
      handler: () => ({ websocket_token: state.rng.hex(32) }),
    },
  ];
}
