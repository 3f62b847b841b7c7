/**
 * A sub-account's API keys: create (the secret is answered once), list (secrets blank), delete, and
 * each key's IP allow-list (list, add, remove; at most 50). Main-account keys only.
 */
import { fieldError, validationError } from '../http/errors.ts';
import { optInt, optString, reqString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { MAX_IPS, validIpEntry } from '../ip-allow.ts';
import { uuidFrom } from '../rng.ts';
import { keysOf, subsOf } from '../sub-account-state.ts';
import type { Account, ApiKey, SandboxState } from '../state.ts';
import { mainOnlyRoute } from './sub-account-admin.ts';
import { keyNotFound, ownedKey } from './sub-accounts.ts';

/**
 * The key type: 1 (info and trading) or 2 (also deposits and withdrawals). The parameter table and
 * the reference say an integer; the published example body sends `"trade"`, taken as type 1.
 */
function keyType(body: Body): 1 | 2 {
  const v = body['type'];
  if (v === undefined || v === null || v === '') throw fieldError('type', 'The type field is required.');
  if (v === 1 || v === '1' || v === 'trade') return 1;
  if (v === 2 || v === '2') return 2;
  throw fieldError('type', 'The selected type is invalid.');
}

function subOf(state: SandboxState, main: Account, id: string): Account {
  const sub = subsOf(state, main).find((s) => s.subAccountId === id);
  if (!sub) throw fieldError('subAccountId', 'Sub-account do not exists');
  return sub;
}

/**
 * The key record of `create` and `list`; `list` leaves the secret blank and gives the type as a digit
 * string (`"1"`), `create` as a number, as the exchange publishes each.
 */
function keyRecord(state: SandboxState, key: ApiKey, withSecret: boolean): Record<string, unknown> {
  const allowed = [...key.urls].filter(([, enable]) => enable).map(([url]) => url);
  return {
    subAccountId: state.accounts.get(key.accountId)?.subAccountId,
    id: key.id,
    title: key.title,
    isEnabled: key.enabled,
    apiKey: key.apiKey,
    apiSecret: withSecret ? key.apiSecret : '',
    type: withSecret ? (key.type ?? 2) : String(key.type ?? 2),
    lastActivity: key.createdAt ?? 0,
    restrictAccess: key.urls.size > 0,
    accessEndpoints: allowed.map((url) => ({ name: url, title: url })),
  };
}

export function subAccountKeyRoutes(state: SandboxState): PrivateRoute[] {
  const route = mainOnlyRoute;
  const key = (main: Account, body: Body): ApiKey => {
    const found = ownedKey(state, main, reqString(body, 'apiKeyId'));
    if (!found) throw keyNotFound();
    return found;
  };
  const ipOf = (body: Body): string => {
    const ip = reqString(body, 'ip', 64).trim();
    if (!validIpEntry(ip)) throw fieldError('ip', 'The ip must be a valid IP address.');
    return ip;
  };
  return [
    route(
      '/api/v4/sub-account/api-key/create',
      ({ account, body }) => {
        const type = keyType(body);
        const sub = subOf(state, account, reqString(body, 'subAccountId'));
        const title = optString(body, 'title', 255) ?? '';
        const created: ApiKey = {
          id: uuidFrom(state.rng.hex(16)),
          apiKey: state.rng.hex(16),
          apiSecret: state.rng.hex(16),
          accountId: sub.id,
          title,
          enabled: true,
          urls: new Map(),
          lastNonce: 0,
          windowNonces: new Map(),
          type,
          ips: [],
          createdAt: Math.floor(state.now() / 1000),
        };
        state.keysById.set(created.id, created);
        state.keysByPublic.set(created.apiKey, created);
        if (!sub.keyId) sub.keyId = created.id;
        return keyRecord(state, created, true);
      },
      201,
    ),
    route('/api/v4/sub-account/api-key/list', ({ account, body }) => {
      const only = optString(body, 'subAccountId');
      const limit = optInt(body, 'limit', 1, 100) ?? 30;
      const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
      const subs = only ? [subOf(state, account, only)] : subsOf(state, account);
      const data = subs
        .flatMap((s) => keysOf(state, s))
        .slice(offset, offset + limit)
        .map((k) => keyRecord(state, k, false));
      return { limit, offset, data };
    }),
    route('/api/v4/sub-account/api-key/delete', ({ account, body }) => {
      const gone = key(account, body);
      state.keysById.delete(gone.id);
      state.keysByPublic.delete(gone.apiKey);
      const owner = state.accounts.get(gone.accountId);
      if (owner?.keyId === gone.id) owner.keyId = keysOf(state, owner)[0]?.id ?? '';
      return {};
    }),
    route('/api/v4/sub-account/api-key/ip-address/list', ({ account, body }) => ({
      data: [...(key(account, body).ips ?? [])],
    })),
    route(
      '/api/v4/sub-account/api-key/ip-address/create',
      ({ account, body }) => {
        const ip = ipOf(body);
        const k = key(account, body);
        const ips = (k.ips ??= []);
        if (!ips.includes(ip)) {
          if (ips.length >= MAX_IPS)
            throw validationError({ ip: [`A key allows at most ${String(MAX_IPS)} IP addresses.`] });
          ips.push(ip);
        }
        return { data: [...ips] };
      },
      201,
    ),
    route('/api/v4/sub-account/api-key/ip-address/delete', ({ account, body }) => {
      const ip = ipOf(body);
      const k = key(account, body);
      k.ips = (k.ips ?? []).filter((x) => x !== ip);
      return { data: [...k.ips] };
    }),
  ];
}
