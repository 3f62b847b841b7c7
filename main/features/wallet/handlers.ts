/** IPC handlers of `wallet.*`: one account's main-balance wallet and the profile's address book. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { walletProcedures } from './procedures.ts';
import type { AccountWallet } from './account-wallet.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import type { BalanceMoves } from '../../services/wallet/balance-moves.ts';
import type { FlexInvestments } from './flex.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { DepositAddresses } from './deposit-addresses.ts';
import type { Converts } from './converts.ts';
import type { CodeList } from './code-list.ts';

type Handlers = HandlersOf<typeof walletProcedures>;

/** What the handlers of `wallet.*` draw on. */
export interface WalletHandlerDeps {
  readonly wallet: AccountWallet;
  readonly addressBook: AddressBook;
  readonly balanceMoves: BalanceMoves;
  readonly flex: FlexInvestments;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
  readonly deposits: DepositAddresses;
  readonly converts: Converts;
  readonly codes: CodeList;
}

export function walletHandlers({
  wallet,
  addressBook: book,
  balanceMoves,
  flex,
  known,
  deposits,
  converts,
  codes,
}: WalletHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `wallet.${string}`>> {
  return {
    'wallet.balances': ({ accountId }) =>
      known.fresh(accountId, 'balances.main', () => wallet.balances(accountId)),
    'wallet.withdrawable': ({ accountId }) => wallet.withdrawable(accountId),
    'wallet.assets': () => wallet.assets(),
    'wallet.withdrawFees': ({ accountId }) => wallet.withdrawFees(accountId),
    'wallet.withdraw': ({ accountId, ...input }) => wallet.withdraw(accountId, input),
    'wallet.createCode': ({ accountId, ...input }) => wallet.createCode(accountId, input),
    'wallet.applyCode': ({ accountId, ...input }) => wallet.applyCode(accountId, input),
    'wallet.codes': ({ accountId, list, offset }) => codes.list(accountId, list, offset),
    'wallet.checkAddress': (input) => wallet.checkAddress(input),
    'wallet.addressBook': () => book.list(),
    'wallet.addAddress': (input) => book.add(input),
    'wallet.removeAddress': async ({ id }) => {
      await book.remove(id);
      return null;
    },
    'wallet.vasps': ({ accountId }) => wallet.vasps(accountId),
    'wallet.verifyDeposit': async ({ accountId, depositId, walletType, originator, vasp }) => {
      const vaspData = vasp === undefined ? undefined : 'vaspId' in vasp ? vasp : { vaspName: vasp.name };
      await wallet.verifyDeposit(accountId, {
        uniqueId: depositId,
        walletType,
        originator,
        ...(vaspData && walletType === 'hosted' ? { vaspData } : {}),
      });
      return { depositId };
    },
    'wallet.convertQuote': ({ accountId, ...input }) => converts.quote(accountId, input),
    'wallet.convert': ({ accountId, quoteId }) => converts.confirm(accountId, quoteId),
    'wallet.history': ({ accountId, ...filter }) => wallet.history(accountId, filter),
    'wallet.refunds': ({ accountId, ...filter }) => wallet.refunds(accountId, filter),
    'wallet.refundDeposit': async ({ accountId, depositId, address }) => {
      await wallet.refundDeposit(accountId, depositId, address);
      return { depositId };
    },
    'wallet.transfer': ({ accountId, ...input }) => balanceMoves.betweenBalances(accountId, input),
    'wallet.flexInvestments': ({ accountId, status }) => flex.list(accountId, status),
    'wallet.closeFlex': ({ accountId, plan }) => flex.close(accountId, plan),
    'wallet.balanceHistory': ({ accountId, ticker, limit }) =>
      wallet.balanceHistory(accountId, ticker, limit),
    'wallet.depositAddress': ({ accountId, ...target }) => deposits.address(accountId, target),
    'wallet.newDepositAddress': ({ accountId, ...target }) => deposits.newAddress(accountId, target),
    'wallet.copyDepositAddress': ({ accountId, part, ...target }) => deposits.copy(accountId, target, part),
  };
}
