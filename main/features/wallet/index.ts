/**
 * The wallet as a feature: balances, deposits and withdrawals (behind the wallet guard and the
 * address book), transfers, flexible investments and deposit addresses. Its balance moves serve the
 * sub-accounts' transfers too.
 */
import type { Cache } from '../../cache/index.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import { AccountWallet } from './account-wallet.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import { BalanceMoves } from '../../services/wallet/balance-moves.ts';
import { DepositAddresses } from './deposit-addresses.ts';
import { Converts } from './converts.ts';
import { CodeList } from './code-list.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { FlexInvestments } from './flex.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { KnownReads } from '../live/known-reads.ts';
import { walletHandlers } from './handlers.ts';

export interface WalletDeps {
  accounts: AccountService;
  connection: ExchangeConnection;
  cache: Cache;
  addressBook: AddressBook;
  approvals: Approvals;
  known: KnownReads;
  platform: Platform;
  log: Logger;
}

export function create(deps: WalletDeps) {
  const { accounts, platform, approvals } = deps;
  const wallet = new AccountWallet(
    accounts,
    deps.connection,
    deps.cache,
    platform,
    deps.addressBook,
    deps.log,
    approvals,
  );
  const balanceMoves = new BalanceMoves(accounts, platform, approvals);
  const handlers = walletHandlers({
    wallet,
    addressBook: deps.addressBook,
    balanceMoves,
    flex: new FlexInvestments(accounts, platform),
    known: deps.known,
    deposits: new DepositAddresses(accounts, platform),
    converts: new Converts(accounts, platform, () => wallet.assets()),
    codes: new CodeList(accounts),
  });
  return { handlers, balanceMoves, close: () => undefined };
}
