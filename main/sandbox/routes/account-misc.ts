/** Travel-rule VASPs, transfers between the account's balances, WebSocket token. */
import { Decimal } from 'decimal.js';
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import { oneOf, reqDecimal, reqString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { Positions } from '../collateral/positions.ts';
import {
  collateralBalance,
  creditMain,
  debitMain,
  ledgerDecimal,
  mainBalance,
  spot,
  toLedger,
} from '../ledger.ts';
import { uuidFrom } from '../fixture.ts';
import { subInfo } from '../sub-account-state.ts';
import { MAIN_ACCOUNT } from './main-account.ts';
import type { Account, SandboxState } from '../state.ts';
import { CONFIRM_AFTER_MS } from '../wallet-state.ts';

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

/** A transfer larger than its source holds: code 3, naming what is there. */
function short(available: Decimal, amount: Decimal): ApiError {
  const text = `You don't have such amount for transfer (available ${available.toFixed()}, in amount: ${amount.toFixed()})`;
  return new ApiError(422, { code: 3, message: 'Inner validation failed', errors: { amount: [text] } });
}

/** The originator of a Travel Rule verification: a person (first and last name) or an entity (full name). */
function originatorOf(body: Record<string, unknown>): void {
  const o = body['originator'];
  if (typeof o !== 'object' || o === null || Array.isArray(o))
    throw fieldError('originator', 'The originator field is required.');
  const v = o as Record<string, unknown>;
  const text = (k: string) => typeof v[k] === 'string' && (v[k] as string).trim() !== '';
  const errors: Record<string, string[]> = {};
  if (v['type'] !== 'individual' && v['type'] !== 'entity')
    errors['originator.type'] = ['The selected type is invalid.'];
  if (v['type'] === 'individual') {
    if (!text('firstName'))
      errors['originator.firstName'] = ['The first name field is required for individual.'];
    if (!text('lastName'))
      errors['originator.lastName'] = ['The last name field is required for individual.'];
  }
  if (v['type'] === 'entity' && !text('fullName'))
    errors['originator.fullName'] = ['The full name field is required for entity.'];
  for (const k of ['residenceCountry', 'walletAddress'])
    if (!text(k)) errors[`originator.${k}`] = [`The ${k} field is required.`];
  const a = v['address'];
  const addr = typeof a === 'object' && a !== null ? (a as Record<string, unknown>) : undefined;
  if (
    !addr ||
    !['country', 'city', 'addressLine1'].every((k) => typeof addr[k] === 'string' && addr[k] !== '')
  )
    errors['originator.address'] = ['The originator address field is required.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
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
            message: 'Something went wrong',
            errors: { error: ['This endpoint is disabled for your region'] },
          });
        return { data: { vasps: VASPS } };
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
            if (amount.gt(mainBalance(account, ticker))) throw short(mainBalance(account, ticker), amount);
            account.main.set(ticker, mainBalance(account, ticker).minus(amount));
          }
        } else if (from === 'spot') {
          const b = spot(account, ticker);
          if (toLedger(amount) > b.available) throw short(ledgerDecimal(b.available), amount);
          b.available -= toLedger(amount);
        } else {
          const have = Decimal.max(0, positions.freeMargin(account, ticker));
          if (amount.gt(have)) throw short(have, amount);
          account.collateral.set(ticker, collateralBalance(account, ticker).minus(amount));
        }
        if (to === 'main') creditMain(account, ticker, amount);
        else if (to === 'spot') spot(account, ticker).available += toLedger(amount);
        else account.collateral.set(ticker, collateralBalance(account, ticker).plus(amount));
        // an empty list, as the exchange answers a transfer between balances
        return [];
      },
      ...MAIN_ACCOUNT,
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/refund-deposit',
      // a full refund of a credited deposit (`transactionId`) to `address`; answers the refund's id
      handler: ({ account, body }) => {
        const depositId = reqString(body, 'transactionId');
        const address = reqString(body, 'address', 255);
        const deposit = state.wallet.records.find(
          (r) => r.id === depositId && r.accountId === account.id && r.method === 1,
        );
        const refunding = state.wallet.refunds.some(
          (r) => r.depositId === depositId && r.status !== 'canceled',
        );
        if (!deposit || deposit.status !== 'successful' || refunding)
          throw new ApiError(400, { code: 0, message: 'Transaction not refundable' });
        // only full refunds exist: the whole deposit leaves the main balance
        debitMain(account, deposit.ticker, new Decimal(deposit.amount));
        const id = uuidFrom(state.rng.hex(16));
        state.wallet.refunds.push({
          id,
          accountId: account.id,
          depositId,
          ticker: deposit.ticker,
          amount: deposit.amount,
          memo: null,
          address,
          status: 'in_process',
          createdAt: Math.floor(state.now() / 1000),
          completeAt: state.now() + CONFIRM_AFTER_MS,
        });
        return { id };
      },
      validation: 'fields',
    },
    {
      method: 'POST',
      path: '/api/v4/travel-rule/deposit/verification',
      // the originator of a deposit (by its transaction id or unique id) held for Travel Rule checks
      handler: ({ account, body }) => {
        const uniqueId = reqString(body, 'uniqueId');
        oneOf(body, 'walletType', ['hosted', 'unhosted'] as const);
        if (body['walletType'] === undefined)
          throw fieldError('walletType', 'The wallet type field is required.');
        originatorOf(body);
        const vasp = body['vaspData'];
        const vaspGiven =
          typeof vasp === 'object' &&
          vasp !== null &&
          ['vaspId', 'vaspName'].some((k) => (vasp as Record<string, unknown>)[k]);
        if (body['walletType'] === 'hosted' && !vaspGiven)
          throw fieldError('vaspData', 'Either vaspId or vaspName is required for hosted wallets');
        const record = state.wallet.records.find(
          (r) => (r.id === uniqueId || r.uniqueId === uniqueId) && r.accountId === account.id,
        );
        const wrong = (text: string) =>
          new ApiError(422, { code: 0, message: 'Something went wrong', errors: { uniqueId: [text] } });
        if (!record) throw wrong('Transaction not found');
        if (record.method !== 1) throw wrong('Transaction must be a deposit');
        return { data: { uniqueId, status: 'submitted' } };
      },
      validation: 'fields',
    },
    {
      method: 'POST',
      path: '/api/v4/profile/websocket_token',
      group: 'wsToken',
      handler: () => ({ websocket_token: state.rng.hex(32) }),
    },
  ];
}
