/** IPC handlers for one account's main-balance wallet. */
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import type { Handlers } from '../ipc/router.ts';
import type { HandlerContext } from './handler-context.ts';
import { mainBalanceEntries } from '../sync/balances.ts';
import { balanceHistory, refundView } from './wallet.ts';

type WalletProcedures = Extract<keyof Handlers, `wallet.${string}`>;

export function walletHandlers({
  accounts,
  connection,
  cache,
  log,
}: HandlerContext): Pick<Handlers, WalletProcedures> {
  const as = (id: string) => accounts.caller(id);
  return {
    'wallet.balances': async ({ accountId }) => {
      const balances = await mainAccount.balance(await as(accountId));
      // Each reading is a sample of the balances-over-time chart and what the screen shows offline.
      try {
        await cache.balances.record({
          account: accountId,
          kind: 'main',
          takenAtMs: Date.now(),
          entries: mainBalanceEntries(balances),
        });
      } catch (error) {
        log.log('warn', 'a main-balance snapshot could not be stored', error);
      }
      return balances;
    },
    'wallet.withdrawable': async ({ accountId }) => mainAccount.withdrawableBalance(await as(accountId)),
    'wallet.assets': () => connection.wallet.assets(connection.http),
    'wallet.withdraw': async ({ accountId, ...input }) =>
      connection.wallet.withdrawPay(await as(accountId), input),
    'wallet.createCode': async ({ accountId, ...input }) =>
      mainAccount.createCode(await as(accountId), input),
    'wallet.vasps': async ({ accountId }) => mainAccount.vasps(await as(accountId)),
    'wallet.verifyDeposit': async ({ accountId, depositId, originatorName, vasp }) => {
      // The spec leaves the payload open: the VASP goes by its listed id, else by name as a fallback.
      await mainAccount.travelRuleVerification(await as(accountId), {
        depositId,
        originator: { name: originatorName, vasp: 'vaspId' in vasp ? vasp.vaspId : vasp.name },
      });
      return { depositId };
    },
    'wallet.convert': async ({ accountId, ...input }) =>
      connection.wallet.convert(await as(accountId), input),
    'wallet.history': async ({ accountId, ...filter }) => mainAccount.history(await as(accountId), filter),
    'wallet.refunds': async ({ accountId, ...filter }) => {
      const page = await mainAccount.refundHistory(await as(accountId), filter);
      return { records: page.records.map(refundView) };
    },
    'wallet.refundDeposit': async ({ accountId, depositId, memo }) => {
      await mainAccount.refundDeposit(await as(accountId), { depositId, ...(memo ? { memo } : {}) });
      return { depositId };
    },
    'wallet.balanceHistory': async ({ accountId, ticker, limit }) =>
      balanceHistory(ticker, await cache.balances.list(accountId, 'main', undefined, limit ?? 500)),
  };
}
