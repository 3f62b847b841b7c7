/** IPC handlers of `wallet.*`: one account's main-balance wallet and the profile's address book. */
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';
import { checkAddress, networkNeeds } from '../../rules/address.ts';
import { withdrawalNetwork } from '../../rules/wallet.ts';
import { mainBalanceEntries } from '../../sync/balances.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { balanceHistory, depositOf, refundView } from '../../services/wallet.ts';
import {
  assetOf,
  codeQuestion,
  convertQuestion,
  maskCode,
  refundQuestion,
  withdrawalQuestion,
} from '../../services/wallet-guard.ts';

type WalletProcedures = Extract<keyof Handlers, `wallet.${string}`>;

export function walletHandlers({
  accounts,
  connection,
  cache,
  platform,
  log,
  addressBook: book,
}: HandlerContext): Pick<Handlers, WalletProcedures> {
  const as = (id: string) => accounts.caller(id);
  const label = (id: string) => accounts.registry.get(id)?.label ?? id;
  const assets = () => connection.wallet.assets(connection.http);

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
    'wallet.assets': () => assets(),
    'wallet.withdraw': async ({ accountId, ...input }) => {
      const asset = assetOf(await assets(), input.ticker);
      const known = book.find(withdrawalNetwork(asset, input.network), input.address, input.memo);
      const { question, network } = withdrawalQuestion(label(accountId), asset, input, known?.label);
      const caller = await as(accountId);
      await requireConfirmation(platform, question);
      const { memo, ...rest } = input;
      return connection.wallet.withdrawPay(caller, {
        ...rest,
        ...(network ? { network } : {}),
        ...(memo ? { memo } : {}),
      });
    },
    'wallet.createCode': async ({ accountId, ...input }) => {
      assetOf(await assets(), input.ticker);
      const caller = await as(accountId);
      await requireConfirmation(platform, codeQuestion(label(accountId), input));
      const created = await mainAccount.createCode(caller, input);
      // The redeemable code stays in main: it goes to the clipboard, the renderer gets a hint.
      const copied = await platform.writeToClipboard(created.code);
      return {
        externalId: created.external_id,
        message: created.message,
        hint: maskCode(created.code),
        copied,
      };
    },
    'wallet.checkAddress': async ({ ticker, network, address, memo }) => {
      const asset = assetOf(await assets(), ticker);
      const on = withdrawalNetwork(asset, network);
      const issue = asset.fiat ? undefined : checkAddress(on, address, memo, asset.memo);
      return {
        network: on,
        problem: issue ? { field: issue.field, message: issue.message } : null,
        memo: asset.fiat ? null : networkNeeds(on, asset.memo).memo,
        inBook: (address && book.find(on, address, memo)) || null,
      };
    },
    'wallet.addressBook': () => book.list(),
    'wallet.addAddress': (input) => book.add(input),
    'wallet.removeAddress': ({ id }) => {
      book.remove(id);
      return null;
    },
    'wallet.vasps': async ({ accountId }) => mainAccount.vasps(await as(accountId)),
    'wallet.verifyDeposit': async ({ accountId, depositId, originatorName, vasp }) => {
      // The spec leaves the payload open: the VASP goes by its listed id, else by name as a fallback.
      await mainAccount.travelRuleVerification(await as(accountId), {
        depositId,
        originator: { name: originatorName, vasp: 'vaspId' in vasp ? vasp.vaspId : vasp.name },
      });
      return { depositId };
    },
    'wallet.convert': async ({ accountId, ...input }) => {
      const listed = await assets();
      const from = assetOf(listed, input.from);
      const to = assetOf(listed, input.to);
      const unit = input.direction === 'from' ? from : to;
      const question = convertQuestion(label(accountId), input, unit.precision);
      const caller = await as(accountId);
      await requireConfirmation(platform, question);
      return connection.wallet.convert(caller, input);
    },
    'wallet.history': async ({ accountId, ...filter }) => mainAccount.history(await as(accountId), filter),
    'wallet.refunds': async ({ accountId, ...filter }) => {
      const page = await mainAccount.refundHistory(await as(accountId), filter);
      return { records: page.records.map(refundView) };
    },
    'wallet.refundDeposit': async ({ accountId, depositId, memo }) => {
      const deposit = await depositOf(await as(accountId), depositId);
      await requireConfirmation(platform, refundQuestion(label(accountId), deposit, memo));
      await mainAccount.refundDeposit(await as(accountId), { depositId, ...(memo ? { memo } : {}) });
      return { depositId };
    },
    'wallet.balanceHistory': async ({ accountId, ticker, limit }) =>
      balanceHistory(ticker, await cache.balances.list(accountId, 'main', undefined, limit ?? 500)),
  };
}
