/**
 * Sub-accounts: list, transfer and its history, balances, API key edit (merge) and reset. Main-account
 * keys only.
 */
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import { fmt, oneOf, optInt, optString, positive, reqDecimal, reqString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { collateralBalance, creditMain, debitMain, ledgerString, mainBalance, spot } from '../ledger.ts';
import { Decimal } from 'decimal.js';
import { subById, subInfo, subRecord, subsOf } from '../sub-account-state.ts';
import { nowSeconds, type Account, type ApiKey, type SandboxState } from '../state.ts';

const MIN_TRANSFER = new Decimal('0.00000001');

/** apiKeyId is the key's id (or, as before, its current public key); only keys of own sub-accounts. */
export function ownedKey(state: SandboxState, main: Account, apiKeyId: string): ApiKey | undefined {
  const key = state.keysByPublic.get(apiKeyId) ?? state.keysById.get(apiKeyId);
  if (!key) return undefined;
  const owner = state.accounts.get(key.accountId);
  return owner?.parentId === main.id && owner.sub?.status !== 'deleted' ? key : undefined;
}

export function keyNotFound(): ApiError {
  return new ApiError(404, { message: 'API key not found' });
}

export function subAccountRoutes(state: SandboxState): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/sub-account/list',
      validation: 'fields',
      mainOnly: true,
      handler: ({ account, body }) => {
        const search = optString(body, 'search');
        const limit = optInt(body, 'limit', 1, 100) ?? 30;
        const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
        const data = subsOf(state, account)
          .filter((s) => !search || s.label.includes(search))
          .slice(offset, offset + limit)
          .map(subRecord);
        return { offset, limit, data };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/sub-account/transfer',
      validation: 'fields',
      group: 'account',
      mainOnly: true,
      handler: ({ account, body }) => {
        const id = reqString(body, 'id');
        const direction = oneOf(body, 'direction', ['main_to_sub', 'sub_to_main'] as const);
        if (!direction) throw fieldError('direction', 'The direction field is required.');
        const amount = positive('amount', reqDecimal(body, 'amount'));
        if (amount.lt(MIN_TRANSFER)) throw fieldError('amount', 'The amount must be at least 0.00000001.');
        const ticker = reqString(body, 'ticker');
        if (!state.assets.has(ticker)) throw fieldError('ticker', 'The selected ticker is invalid.');
        const sub = subById(state, account, id);
        const [from, to] = direction === 'main_to_sub' ? [account, sub] : [sub, account];
        debitMain(from, ticker, amount);
        creditMain(to, ticker, amount);
        const transactionId = state.rng.hex(16);
        const record = { id: transactionId, direction, currency: ticker, amount: fmt(amount) };
        (subInfo(sub).transfers ??= []).push({ ...record, createdAt: nowSeconds(state) });
        return { transaction_id: transactionId };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/sub-account/transfer/history',
      validation: 'message',
      mainOnly: true,
      handler: ({ account, body }) => {
        const sub = subById(state, account, reqString(body, 'id'));
        const direction = oneOf(body, 'direction', ['main_to_sub', 'sub_to_main'] as const);
        const limit = optInt(body, 'limit', 1, 100) ?? 30;
        const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
        // newest first
        const data = [...(subInfo(sub).transfers ?? [])]
          .reverse()
          .filter((t) => !direction || t.direction === direction)
          .slice(offset, offset + limit)
          // `id` is kept beside `transaction_id` (the exchange deprecates it)
          .map((t) => ({
            transaction_id: t.id,
            id: t.id,
            direction: t.direction,
            currency: t.currency,
            amount: t.amount,
            createdAt: t.createdAt,
          }));
        return { offset, limit, data };
      },
    },
    {
      method: 'POST',
      path: '/api/v4/sub-account/balances',
      validation: 'message',
      group: 'account',
      mainOnly: true,
      handler: ({ account, body }) => {
        const sub = subById(state, account, reqString(body, 'id'));
        const ticker = optString(body, 'ticker');
        const tickers = ticker ? [ticker] : [...state.assets.keys()];
        const out: Record<string, unknown> = {};
        for (const t of tickers) {
          const s = spot(sub, t);
          out[t] = [
            {
              main: fmt(mainBalance(sub, t)),
              spot: ledgerString(s.available + s.freeze),
              collateral: fmt(collateralBalance(sub, t)),
            },
          ];
        }
        return out;
      },
    },
    {
      method: 'POST',
      path: '/api/v4/sub-account/api-key/edit',
      validation: 'fields',
      group: 'account',
      mainOnly: true,
      handler: ({ account, body }) => {
        const apiKeyId = reqString(body, 'apiKeyId');
        const title = optString(body, 'title', 255);
        const urls = body['urls'];
        const entries: Array<[string, boolean]> = [];
        if (urls !== undefined) {
          if (!Array.isArray(urls)) throw fieldError('urls', 'The urls must be an array.');
          urls.forEach((u: unknown, i) => {
            const e = u as { url?: unknown; enable?: unknown } | null;
            if (!e || typeof e.url !== 'string' || !e.url.startsWith('/api/'))
              throw validationError({ [`urls.${i}.url`]: ['The url must be an API path.'] });
            if (typeof e.enable !== 'boolean')
              throw validationError({ [`urls.${i}.enable`]: ['The enable field must be true or false.'] });
            entries.push([e.url, e.enable]);
          });
        }
        const key = ownedKey(state, account, apiKeyId);
        if (!key) throw keyNotFound();
        if (title !== undefined) key.title = title;
        for (const [url, enable] of entries) key.urls.set(url, enable);
        return {};
      },
    },
    {
      method: 'POST',
      path: '/api/v4/sub-account/api-key/reset',
      validation: 'fields',
      group: 'account',
      mainOnly: true,
      handler: ({ account, body }) => {
        const apiKeyId = reqString(body, 'apiKeyId');
        const key = ownedKey(state, account, apiKeyId);
        if (!key) throw keyNotFound();
        state.keysByPublic.delete(key.apiKey);
        key.apiKey = state.rng.hex(16);
        key.apiSecret = state.rng.hex(16);
        key.lastNonce = 0;
        key.windowNonces.clear();
        state.keysByPublic.set(key.apiKey, key);
        if (state.keyResetAnswer === 'empty') return {};
        return { id: key.id, title: key.title, apiKey: key.apiKey, apiSecret: key.apiSecret };
      },
    },
  ];
}
