/**
 * Mining account settings: `mining/accounts/create`, `mining/payout-destination` and its `/edit`
 * (the main balance or an external BTC address, checked as the withdrawal addresses are), and
 * `mining/watcher-links/create` (read-only links, at most 3 active per mining account, counting the
 * seeded one `watcher-links/list` shows), each answered and refused as published.
 */
import { addressFits } from '../addresses.ts';
import { validationError } from '../http/errors.ts';
import { oneOf, optString, reqString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { mainAccountOf, type Account, type SandboxState } from '../state.ts';
import { stableUuid } from '../sub-account-state.ts';
import type { MiningAccount, WatcherLink } from '../wallet-state.ts';
import { watcherUrl } from './mining.ts';

/** Mining accounts one user may have (`miningPool.validation.maxAccounts` beyond it). */
export const MAX_MINING_ACCOUNTS = 10;
/** Active watcher links per mining account, the seeded one included. */
export const MAX_WATCHER_LINKS = 3;
const LIVE = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400, always: null } as const;
const PERMISSIONS = ['dashboard', 'rewards', 'workers'] as const;
const NAME = /^[a-zA-Z0-9_]+$/;

export function miningAdminRoutes(state: SandboxState): PrivateRoute[] {
  const route = (path: string, handler: PrivateRoute['handler']): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'account',
    validation: 'fields',
    handler,
  });
  const ownerOf = (account: Account) => mainAccountOf(state, account);
  const byName = (account: Account, name: string): MiningAccount => {
    const m = state.wallet.mining.find((x) => x.name === name && x.accountId === ownerOf(account).id);
    if (!m) throw validationError({ user: ['Mining account not found.'] });
    return m;
  };
  const destination = (m: MiningAccount) => ({
    payoutDestination: m.payout?.destination ?? 'main_balance',
    externalAddress: m.payout?.address ?? null,
  });
  return [
    route('/api/v4/mining/accounts/create', ({ account, body }) => {
      const name = reqString(body, 'name', 255);
      if (!NAME.test(name)) throw validationError({ name: ['The name format is invalid.'] });
      optString(body, 'referralCode', 50);
      const owner = ownerOf(account);
      const mine = state.wallet.mining.filter((m) => m.accountId === owner.id);
      if (mine.some((m) => m.name === name))
        throw validationError({ name: ['The name has already been taken.'] });
      if (mine.length >= MAX_MINING_ACCOUNTS)
        throw validationError({ error: ['miningPool.validation.maxAccounts'] });
      const createdAt = Math.floor(state.now() / 1000);
      // a new account has no workers until its miners connect
      state.wallet.mining.push({ name, accountId: owner.id, createdAt, workers: 0, fee: '0.02' });
      return { data: { name, createdAt } };
    }),
    route('/api/v4/mining/payout-destination', ({ account, body }) =>
      destination(byName(account, reqString(body, 'accountName', 255))),
    ),
    route('/api/v4/mining/payout-destination/edit', ({ account, body }) => {
      const m = byName(account, reqString(body, 'accountName', 255));
      const to = oneOf(body, 'destination', ['main_balance', 'external_address'] as const);
      if (to === undefined) throw validationError({ destination: ['The destination field is required.'] });
      const address = optString(body, 'address', 100) ?? '';
      if (to === 'main_balance') {
        m.payout = { destination: to, address: null };
        return destination(m);
      }
      if (address === '')
        throw validationError({ address: ['miningPool.validation.payoutDestination.btcAddressRequired'] });
      if (!addressFits('BTC', address))
        throw validationError({ address: ['miningPool.validation.payoutDestination.invalidBtcAddress'] });
      m.payout = { destination: to, address };
      return destination(m);
    }),
    {
      ...route('/api/v4/mining/watcher-links/create', ({ account, body }) => {
        const accounts = body['accounts'];
        if (!Array.isArray(accounts) || accounts.length === 0)
          throw validationError({ accounts: ['The accounts field is required.'] });
        if (accounts.some((a) => typeof a !== 'string' || a.length > 255))
          throw validationError({ accounts: ['The accounts must be mining account names.'] });
        const name = reqString(body, 'name', 255);
        if (!NAME.test(name)) throw validationError({ name: ['The name format is invalid.'] });
        const permissions = body['permissions'];
        if (!Array.isArray(permissions) || permissions.length === 0)
          throw validationError({ permissions: ['The permissions field is required.'] });
        if (
          permissions.length > PERMISSIONS.length ||
          permissions.some((p) => !(PERMISSIONS as readonly unknown[]).includes(p))
        )
          throw validationError({ permissions: ['The selected permissions is invalid.'] });
        const live = oneOf(body, 'liveUntil', Object.keys(LIVE) as Array<keyof typeof LIVE>);
        if (live === undefined) throw validationError({ liveUntil: ['The live until field is required.'] });
        const miners = (accounts as string[]).map((a) => byName(account, a));
        const now = Math.floor(state.now() / 1000);
        const links = (state.wallet.watcherLinks ??= []);
        const active = (m: MiningAccount) =>
          1 +
          links.filter(
            (l) =>
              l.ownerId === m.accountId && l.accounts.includes(m.name) && (l.liveUntil ?? Infinity) > now,
          ).length;
        if (miners.some((m) => active(m) >= MAX_WATCHER_LINKS))
          throw validationError({ user: ['Limit exceeded'] });
        const seconds = LIVE[live];
        const link: WatcherLink = {
          id: stableUuid(`watcher:${ownerOf(account).id}:${String(links.length)}:${name}`),
          ownerId: ownerOf(account).id,
          accounts: miners.map((m) => m.name),
          name,
          permissions: permissions as string[],
          liveUntil: seconds === null ? null : now + seconds,
          createdAt: now,
        };
        links.push(link);
        return {
          data: { id: link.id, link: watcherUrl(link.id), liveUntil: link.liveUntil, createdAt: now },
        };
      }),
      status: 201,
    },
  ];
}
