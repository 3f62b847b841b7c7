/** IPC handlers of `desk.*`: balances fan-out, one order for many, key permissions, sweeps, the batch log. */
import type { Handlers } from '../../ipc/router.ts';
import { KEY_CAPABILITIES } from '../../services/desk/key-capabilities.ts';
import { applyPermissions, previewPermissions } from '../../services/desk/key-permissions.ts';
import type { HandlerContext } from '../context.ts';
import type { SubAccountBalanceView } from './views.ts';

/** How often the sub-account balances a read has reached so far are kept. */
const KEEP_EVERY_MS = 1_000;

export function deskHandlers({
  desk,
  sweeps,
  deskAudit,
  accounts,
  events,
  cache,
  platform,
  balanceMoves,
  subAccountKeys,
  known,
  board,
  boardLive,
  bulk,
  attention,
  approvals,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `desk.${string}`>> {
  return {
    'desk.balances': async (input) => {
      const results = await desk.balances(
        input?.accountIds ?? accounts.registry.list().map((a) => a.id),
        (r) => events.emit('desk.balance', r),
      );
      await board.rememberBalances(results);
      return results;
    },
    'desk.subAccountBalances': async (input) => {
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
          events.emit('desk.subAccountBalance', r);
        });
      } finally {
        clearInterval(timer);
        keep();
      }
    },
    'desk.previewOrder': ({ accountIds, draft, sizing, parentId }) =>
      desk.preview(accountIds, draft, sizing, parentId),
    'desk.placeOrder': async ({ previewId }) => {
      const outcome = await desk.place(previewId, (parentId) => deskAudit.sentBefore(parentId));
      await deskAudit.orders(outcome.parentId, outcome.results);
      return outcome;
    },
    'desk.keyCapabilities': () => KEY_CAPABILITIES.map((c) => ({ ...c, urls: [...c.urls] })),
    'desk.previewPermissions': ({ accountIds, urls }) => previewPermissions(accounts, accountIds, urls),
    'desk.applyPermissions': async ({ accountIds, urls }) => {
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
    'desk.previewSweep': ({ accountIds, plan }) => sweeps.preview(accountIds, plan),
    'desk.runSweep': async ({ previewId }) => {
      const results = await sweeps.run(previewId);
      await deskAudit.sweep(results);
      return results;
    },
    'desk.subAccountTransfer': ({ accountId, ...input }) => balanceMoves.withSubAccount(accountId, input),
    'desk.resetSubAccountKey': ({ accountId }) => subAccountKeys.reset(accountId),
    'desk.findSubAccounts': () => subAccountKeys.unregistered(),
    'desk.addFoundSubAccounts': ({ subAccounts }) => subAccountKeys.register(subAccounts),
    'desk.batches': (input) => cache.batches.list(input ?? {}),
    'desk.board': () => board.view(),
    'desk.knownBalances': () => board.knownBalances(),
    'desk.refreshBoard': (input) => board.refresh(input?.accountIds),
    'desk.followBoard': (_input, call) => boardLive.follow(call.frame ?? 'main'),
    'desk.unfollowBoard': (_input, call) => boardLive.release(call.frame ?? 'main'),
    'desk.attentionRules': () => attention.rules,
    'desk.setAttentionRules': (rules) => attention.setRules(rules),
    'desk.openOrders': (input) => board.orders(input?.accountIds),
    'desk.openPositions': (input) => board.positions(input?.accountIds),
    'desk.previewBulk': ({ action, accountIds, parentId }) => bulk.preview(action, accountIds, parentId),
    'desk.runBulk': async ({ previewId }) => {
      const outcome = await bulk.run(previewId);
      await deskAudit.bulk(outcome.parentId, outcome.action, outcome.results);
      void board.refresh(outcome.results.map((r) => r.account));
      return outcome;
    },
  };
}
