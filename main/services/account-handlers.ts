/** IPC handlers for one account's wallet, collateral positions and mining. */
import type { Cache } from '../cache/index.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import * as mining from '../exchange/endpoints/mining.ts';
import type { Handlers } from '../ipc/router.ts';
import type { AccountService } from './accounts.ts';
import type { ExchangeConnection } from './exchange-connection.ts';

type AccountProcedures =
  | 'wallet.balances'
  | 'wallet.withdrawable'
  | 'wallet.withdraw'
  | 'wallet.createCode'
  | 'wallet.vasps'
  | 'wallet.convert'
  | 'wallet.history'
  | 'positions.open'
  | 'positions.setLeverage'
  | 'positions.history'
  | 'positions.borrows'
  | 'mining.accounts'
  | 'mining.info'
  | 'mining.rewards'
  | 'mining.workerSamples';

export function accountHandlers(
  accounts: AccountService,
  connection: ExchangeConnection,
  cache: Cache,
): Pick<Handlers, AccountProcedures> {
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
    'positions.open': async ({ accountId, market }) => collateral.openPositions(await as(accountId), market),
    'positions.setLeverage': async ({ accountId, leverage }) =>
      collateral.setLeverage(await as(accountId), leverage),
    'positions.history': ({ accountId, market }) =>
      cache.positions.list({ account: accountId, ...(market ? { market } : {}) }),
    'positions.borrows': ({ accountId }) => cache.borrows.list({ account: accountId }),
    'mining.accounts': async ({ accountId }) => mining.accounts(await as(accountId)),
    'mining.info': async ({ accountId, miningAccount }) =>
      mining.minerInfo(await as(accountId), miningAccount),
    'mining.rewards': ({ accountId, miningAccount }) =>
      cache.mining.rewards({ account: accountId, ...(miningAccount ? { miningAccount } : {}) }),
    'mining.workerSamples': ({ accountId, miningAccount }) =>
      cache.mining.workerSamples(accountId, miningAccount),
  };
}
