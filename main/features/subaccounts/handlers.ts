/**
 * IPC handlers of `subaccounts.*`: the lifecycle, keys and IP lists, batches of new sub-accounts, and
 * work over many sub-accounts on the main key (balances, key permissions, sweeps, transfers, found ones).
 */
import type { HandlersOf } from '../../views/schemas.ts';
import type { subaccountsProcedures } from './procedures.ts';
import { KEY_CAPABILITIES } from '../../services/desk/key-capabilities.ts';
import { applyPermissions, previewPermissions } from '../../services/desk/key-permissions.ts';
import type { SubAccountLifecycle } from './lifecycle.ts';
import type { WithdrawalApprovals } from './withdrawal-approvals.ts';
import type { SubAccountApiKeys } from './api-keys.ts';
import type { CreateBatches } from './create-batch.ts';
import type { DeskService } from '../desk/desk.ts';
import type { Sweeps } from './sweep.ts';
import type { BatchAudit } from '../desk/audit.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Platform } from '../../platform.ts';
import type { BalanceMoves } from '../../services/wallet/balance-moves.ts';
import type { SubAccountRegistration } from './registration.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { SubAccountBalanceView } from '../../views/subaccounts.ts';

type Handlers = HandlersOf<typeof subaccountsProcedures>;

/** How often the sub-account balances a read has reached so far are kept. */
const KEEP_EVERY_MS = 1_000;

/** What the handlers of `subaccounts.*` draw on. */
export interface SubaccountsHandlerDeps {
  /** Sub-accounts from creation to deletion, with the main key. */
  readonly lifecycle: SubAccountLifecycle;
  readonly withdrawals: WithdrawalApprovals;
  readonly subAccountApiKeys: SubAccountApiKeys;
  /** "Create N sub-accounts": previewed, confirmed once, journaled, resumable. */
  readonly createBatches: CreateBatches;
  readonly desk: DeskService;
  readonly sweeps: Sweeps;
  readonly deskAudit: BatchAudit;
  readonly accounts: AccountService;
  readonly events: EventHub;
  readonly platform: Platform;
  readonly balanceMoves: BalanceMoves;
  readonly registration: SubAccountRegistration;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
  /** The desk's four eyes: proposals, decisions, sends and the policy (`services/four-eyes/`). */
  readonly approvals: Approvals;
}

export function subaccountsHandlers({
  lifecycle,
  withdrawals,
  subAccountApiKeys: keys,
  createBatches: batches,
  desk,
  sweeps,
  deskAudit,
  accounts,
  events,
  platform,
  balanceMoves,
  registration,
  known,
  approvals,
}: SubaccountsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `subaccounts.${string}`>> {
  return {
    'subaccounts.list': () => lifecycle.list(),
    'subaccounts.create': (input) => lifecycle.create(input),
    'subaccounts.edit': async ({ subAccountId, ...change }) => {
      await lifecycle.edit(subAccountId, change);
      return null;
    },
    'subaccounts.setBlocked': async ({ subAccountId, blocked }) => {
      await lifecycle.setBlocked(subAccountId, blocked);
      return null;
    },
    'subaccounts.holdings': ({ subAccountId }) => lifecycle.holdings(subAccountId),
    'subaccounts.delete': async ({ subAccountId }) => {
      await lifecycle.remove(subAccountId);
      return null;
    },
    'subaccounts.sweepToMain': ({ subAccountId }) => lifecycle.sweep(subAccountId),
    'subaccounts.transfers': ({ subAccountId, ...query }) => lifecycle.transfers(subAccountId, query),
    'subaccounts.keys': ({ subAccountId }) => keys.list(subAccountId),
    'subaccounts.createKey': ({ subAccountId, ...input }) => keys.create(subAccountId, input),
    'subaccounts.deleteKey': async ({ subAccountId, apiKeyId }) => {
      await keys.remove(subAccountId, apiKeyId);
      return null;
    },
    'subaccounts.keyIps': ({ subAccountId, apiKeyId }) => keys.ips(subAccountId, apiKeyId),
    'subaccounts.setKeyIps': ({ subAccountId, apiKeyId, add, remove }) =>
      keys.setIps(subAccountId, apiKeyId, { add, remove }),
    'subaccounts.previewBatch': ({ pattern, start, count, emailPattern, ...rest }) =>
      batches.preview({ ...rest, names: { kind: 'pattern', pattern, start, count, emailPattern } }),
    'subaccounts.runBatch': ({ previewId }) => batches.run(previewId),
    'subaccounts.resumeBatch': ({ batchId }) => batches.resume(batchId),
    'subaccounts.stopBatch': ({ batchId }) => batches.stop(batchId),
    'subaccounts.batches': () => batches.list(),
    'subaccounts.batch': ({ batchId }) => batches.view(batchId),
    'subaccounts.approvals': () => withdrawals.list(),
    'subaccounts.confirmWithdrawal': ({ id }) => withdrawals.letGo(id),
    'subaccounts.balances': async (input) => {
      const bySubId = new Map(accounts.registry.list().map((a) => [a.subAccountId, a.id]));
      // Kept as they arrive (each second), so a read cut short keeps what it had read.
      let arrived: SubAccountBalanceView[] = [];
      const keep = (): void => {
        const batch = arrived;
        arrived = [];
        known.keepMany(
          'subaccount.balances',
          batch.flatMap((r) => {
            const account = bySubId.get(r.subAccountId);
            return account && r.balances ? [{ account, value: r.balances }] : [];
          }),
        );
      };
      const timer = setInterval(keep, KEEP_EVERY_MS);
      try {
        return await desk.mainSubAccountBalances(input?.subAccountIds, (r) => {
          arrived.push(r);
          events.emit('subaccounts.balance', r);
        });
      } finally {
        clearInterval(timer);
        keep();
      }
    },
    'subaccounts.keyCapabilities': () => KEY_CAPABILITIES.map((c) => ({ ...c, urls: [...c.urls] })),
    'subaccounts.previewPermissions': ({ accountIds, urls }) =>
      previewPermissions(accounts, accountIds, urls),
    'subaccounts.applyPermissions': async ({ accountIds, urls }) => {
      const results = await applyPermissions(accounts, platform, accountIds, urls, approvals);
      if (!Array.isArray(results)) return results;
      // What each key now allows, as far as this app has set it: its last known permissions.
      known.keepMany(
        'keys.permissions',
        results.flatMap((r) => {
          const account = r.ok ? accounts.registry.get(r.account) : undefined;
          return account ? [{ account: account.id, value: { ...account.urlPermissions } }] : [];
        }),
      );
      await deskAudit.permissions(results);
      return results;
    },
    'subaccounts.previewSweep': ({ accountIds, plan }) => sweeps.preview(accountIds, plan),
    'subaccounts.runSweep': async ({ previewId }) => {
      const results = await sweeps.run(previewId);
      await deskAudit.sweep(results);
      return results;
    },
    'subaccounts.transfer': ({ accountId, ...input }) => balanceMoves.withSubAccount(accountId, input),
    'subaccounts.resetKey': ({ accountId }) => registration.reset(accountId),
    'subaccounts.findUnregistered': () => registration.unregistered(),
    'subaccounts.addFound': ({ subAccounts }) => registration.register(subAccounts),
  };
}
