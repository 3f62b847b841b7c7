/** IPC handlers for one account's main-balance wallet. */
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import type { Handlers } from '../ipc/router.ts';
import type { HandlerContext } from './handler-context.ts';

type WalletProcedures = Extract<keyof Handlers, `wallet.${string}`>;

export function walletHandlers({ accounts, connection }: HandlerContext): Pick<Handlers, WalletProcedures> {
  const as = (id: string) => accounts.caller(id);
  return {
    'wallet.balances': async ({ accountId }) => mainAccount.balance(await as(accountId)),
    'wallet.withdrawable': async ({ accountId }) => mainAccount.withdrawableBalance(await as(accountId)),
    'wallet.withdraw': async ({ accountId, ...input }) =>
      connection.wallet.withdrawPay(await as(accountId), input),
    'wallet.createCode': async ({ accountId, ...input }) =>
      mainAccount.createCode(await as(accountId), input),
    'wallet.vasps': async ({ accountId }) => mainAccount.vasps(await as(accountId)),
    'wallet.convert': async ({ accountId, ...input }) =>
      connection.wallet.convert(await as(accountId), input),
    'wallet.history': async ({ accountId, ...filter }) => mainAccount.history(await as(accountId), filter),
  };
}
