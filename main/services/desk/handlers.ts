/** IPC handlers for the many-accounts desk: balances fan-out, one order for many, key permissions, sweeps. */
import type { BatchRecord, Cache } from '../../cache/index.ts';
import type { IpcError } from '../../ipc/contract.ts';
import type { EventHub } from '../../ipc/event-hub.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { AccountService } from '../accounts.ts';
import { newParentId, type DeskService } from './desk.ts';
import type { Platform } from '../../platform.ts';
import { applyPermissions, previewPermissions } from './key-permissions.ts';
import { Sweeps } from './sweep.ts';

type DeskBatchProcedures =
  | 'desk.balances'
  | 'desk.subAccountBalances'
  | 'desk.previewOrder'
  | 'desk.placeOrder'
  | 'desk.previewPermissions'
  | 'desk.applyPermissions'
  | 'desk.previewSweep'
  | 'desk.runSweep'
  | 'desk.batches';

type Child = BatchRecord['children'][number];

/** An id the audit log accepts, or nothing (the log never stores free text). */
const safeRef = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(text) ? text : undefined;
};

function child(account: string, ok: boolean, error?: IpcError, childRef?: unknown, detail?: unknown): Child {
  const ref = safeRef(childRef);
  const made = safeRef(detail);
  const code = error && /^[a-z0-9_]{1,64}$/.test(error.code) ? error.code : 'internal';
  return {
    account,
    outcome: ok ? 'ok' : 'failed',
    ...(ref ? { childRef: ref } : {}),
    ...(ok ? {} : { errorCode: code }),
    ...(made ? { detail: made } : {}),
  };
}

export function deskBatchHandlers(
  desk: DeskService,
  accounts: AccountService,
  events: EventHub,
  cache: Cache,
  platform: Platform,
): Pick<Handlers, DeskBatchProcedures> {
  const sweeps = new Sweeps(accounts, platform);
  /** Every batch goes to the audit log with its parent id and each child's outcome before it is answered. */
  const record = async (parentId: string, kind: BatchRecord['kind'], children: Child[]) => {
    if (children.length > 0) await cache.batches.record({ parentId, kind, atMs: Date.now(), children });
  };
  return {
    'desk.balances': (input) =>
      desk.balances(input?.accountIds ?? accounts.registry.list().map((a) => a.id), (r) =>
        events.emit('desk.balance', r),
      ),
    'desk.subAccountBalances': (input) => {
      const main = accounts.mainAccount('it reads the sub-accounts.');
      const ids =
        input?.subAccountIds ??
        accounts.registry
          .list()
          .flatMap((a) =>
            a.kind === 'sub' && a.subAccountId && a.connection === main.connection ? [a.subAccountId] : [],
          );
      return desk.subAccountBalances(main.id, ids);
    },
    'desk.previewOrder': ({ accountIds, draft, sizing, parentId }) =>
      desk.preview(accountIds, draft, sizing, parentId),
    'desk.placeOrder': async ({ previewId, acknowledge }) => {
      // A re-send of a batch (same parent id): its earlier children are looked up, not sent again.
      const sentBefore = async (parentId: string) => {
        const earlier = await cache.batches.list({ parentId });
        return new Set(earlier.flatMap((b) => b.children.flatMap((c) => c.childRef ?? [])));
      };
      const outcome = await desk.place(previewId, sentBefore, acknowledge);
      await record(
        outcome.parentId,
        'order',
        outcome.results.map((r) =>
          child(r.account, r.ok, r.error, r.clientOrderId, r.result?.order?.orderId),
        ),
      );
      return outcome;
    },
    'desk.previewPermissions': ({ accountIds, urls }) => previewPermissions(accounts, accountIds, urls),
    'desk.applyPermissions': async ({ accountIds, urls }) => {
      const results = await applyPermissions(accounts, platform, accountIds, urls);
      await record(
        newParentId('txp'),
        'permissions',
        results.map((r) => child(r.account, r.ok, r.error)),
      );
      return results;
    },
    'desk.previewSweep': ({ accountIds, plan }) => sweeps.preview(accountIds, plan),
    'desk.runSweep': async ({ previewId }) => {
      const results = await sweeps.run(previewId);
      await record(
        newParentId('txw'),
        'sweep',
        results.map((r) => child(r.account, r.ok, r.error, r.subAccountId, r.transactionId)),
      );
      return results;
    },
    'desk.batches': (input) => cache.batches.list(input ?? {}),
  };
}
