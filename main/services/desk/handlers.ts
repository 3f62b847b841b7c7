/** IPC handlers for the many-accounts desk: balances fan-out, one order for many, key permissions, sweeps. */
import { UserFacingError } from '../../ipc/errors.ts';
import type { EventHub } from '../../ipc/event-hub.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { AccountService } from '../accounts.ts';
import type { DeskService } from './desk.ts';
import { applyPermissions, previewPermissions } from './key-permissions.ts';
import { previewSweep, runSweep } from './sweep.ts';

type DeskBatchProcedures =
  | 'desk.balances'
  | 'desk.subAccountBalances'
  | 'desk.previewOrder'
  | 'desk.placeOrder'
  | 'desk.previewPermissions'
  | 'desk.applyPermissions'
  | 'desk.previewSweep'
  | 'desk.runSweep';

export function deskBatchHandlers(
  desk: DeskService,
  accounts: AccountService,
  events: EventHub,
): Pick<Handlers, DeskBatchProcedures> {
  return {
    'desk.balances': (input) =>
      desk.balances(input?.accountIds ?? accounts.registry.list().map((a) => a.id), (r) =>
        events.emit('desk.balance', r),
      ),
    'desk.subAccountBalances': (input) => {
      const all = accounts.registry.list();
      const main = all.find((a) => a.kind === 'main');
      if (!main)
        throw new UserFacingError(
          'not_found',
          'Register the main account first: it reads the sub-accounts.',
          'subAccountIds',
        );
      const ids =
        input?.subAccountIds ??
        all.flatMap((a) => (a.kind === 'sub' && a.subAccountId ? [a.subAccountId] : []));
      return desk.subAccountBalances(main.id, ids);
    },
    'desk.previewOrder': ({ accountIds, draft, sizing }) => desk.preview(accountIds, draft, sizing),
    'desk.placeOrder': ({ accountIds, draft, sizing, parentId }) =>
      desk.place(accountIds, draft, sizing, parentId),
    'desk.previewPermissions': ({ accountIds, urls }) => previewPermissions(accounts, accountIds, urls),
    'desk.applyPermissions': ({ accountIds, urls }) => applyPermissions(accounts, accountIds, urls),
    'desk.previewSweep': ({ accountIds, plan }) => previewSweep(accounts, accountIds, plan),
    'desk.runSweep': ({ accountIds, plan }) => runSweep(accounts, accountIds, plan),
  };
}
