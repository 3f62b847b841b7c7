/**
 * What the exchange opens to an account on demand (its support grants it): a fiat deposit invoice's
 * payment page, and the account's active credit-line loan.
 */
import { Decimal } from 'decimal.js';
import { ApiError, validationError, type FieldErrors } from '../http/errors.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';

const NUMBER_RE = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** The fields of a fiat deposit invoice, every wrong one named at once, as published. */
function invoiceOf(state: SandboxState, body: Body) {
  const errors: FieldErrors = {};
  const text = (field: string): string | undefined => {
    const v = body[field];
    if (v === undefined || v === null || v === '')
      errors[field] = [`The ${field === 'uniqueId' ? 'unique id' : field} field is required.`];
    else if (typeof v !== 'string') errors[field] = [`The ${field} must be a string.`];
    else return v;
    return undefined;
  };
  const ticker = text('ticker');
  const provider = text('provider');
  const uniqueId = text('uniqueId');
  const raw = body['amount'];
  let amount: Decimal | undefined;
  if (raw === undefined || raw === null || raw === '') errors['amount'] = ['The amount field is required.'];
  else if ((typeof raw !== 'string' && typeof raw !== 'number') || !NUMBER_RE.test(String(raw)))
    errors['amount'] = ['The amount must be a number.'];
  else amount = new Decimal(raw);
  const asset = ticker === undefined ? undefined : state.assets.get(ticker);
  if (ticker !== undefined && !asset) errors['ticker'] = ['The selected ticker is invalid.'];
  const providers = new Set([...state.assets.values()].filter((a) => a.fiat).flatMap((a) => a.networks));
  if (provider !== undefined && !providers.has(provider))
    errors['provider'] = ['The selected provider is invalid.'];
  for (const field of ['successLink', 'failureLink'] as const) {
    const link = body[field];
    if (link !== undefined && (typeof link !== 'string' || !link.startsWith('https://')))
      errors[field] = ['Your domain scheme incorrect. Use https only'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { asset, provider: provider ?? '', uniqueId: uniqueId ?? '', amount: amount ?? new Decimal(0) };
}

export function onDemandRoutes(state: SandboxState): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/main-account/fiat-deposit-url',
      validation: 'fields',
      handler: ({ account, body }) => {
        const { asset, provider, uniqueId, amount } = invoiceOf(state, body);
        if (!asset?.fiat || !asset.canDeposit)
          throw validationError({ ticker: ['Currency is not depositable via API'] });
        if (!asset.networks.includes(provider))
          throw validationError({ provider: ['Cannot find currency for specified provider'] });
        if (amount.lte(0)) throw validationError({ amount: ['Amount is too little for deposit'] });
        // the invoices' ids apart from the withdrawals' (`fiat|`), one use each per account
        const key = `fiat|${account.id}|${uniqueId}`;
        if (state.wallet.uniqueIds.has(key))
          throw validationError({ uniqueId: ['The unique id has already been taken.'] });
        state.wallet.uniqueIds.add(key);
        return { url: `https://pay.sandbox.txc.local/invoice/${state.rng.hex(16)}` };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/credit-line/loans/info',
      group: 'account',
      handler: ({ account }) => {
        const loan = state.wallet.loans?.[account.id];
        if (!loan) throw new ApiError(400, { code: 0, message: 'No active loan at the moment' });
        return { ...loan };
      },
    },
  ];
}
