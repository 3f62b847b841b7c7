/**
 * One account's main-balance wallet as the person uses it: readings (kept as chart samples), and
 * every money move (withdrawal, service code, refund) asked natively in main before it is sent.
 */
import { randomUUID } from 'node:crypto';
import type { Cache } from '../../cache/index.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import { ExchangeError, ValidationError } from '../../exchange/errors.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type {
  AddressCheckView,
  AppliedCodeView,
  BalanceHistoryView,
  CreatedCodeView,
  MainBalanceView,
  RefundView,
  TransferView,
  WithdrawFeeView,
} from '../../views/wallet.ts';
import { withdrawFeeFor, withdrawFeeOf, withdrawFeeViews } from '../../services/wallet/fees.ts';
import { UserFacingError } from '../../errors.ts';
import type { walletInputs, WalletInput } from '../../views/wallet-inputs.ts';
import { forgetSecret, registerSecret, type Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import { checkAddress, networkNeeds } from '../../rules/address.ts';
import { withdrawalNetwork } from '../../rules/wallet.ts';
import { grouped } from '../../rules/words.ts';
import { mainBalanceEntries } from '../../sync/balances.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import {
  balanceHistory,
  depositOf,
  refundView,
  transferView,
  type WithdrawalResult,
} from '../../services/wallet/wallet.ts';
import {
  applyCodeQuestion,
  assetOf,
  codeQuestion,
  maskCode,
  refundQuestion,
  withdrawalQuestion,
} from '../../services/wallet/guard.ts';
import { REST } from '../../exchange/registry/index.ts';

/** A service code as the exchange issues it: one word of printable characters. */
const CODE = /^[\x21-\x7E]{6,255}$/;
const NO_CODE = new UserFacingError(
  'clipboard_empty',
  'Copy the service code to the clipboard first: the app reads it from there and clears the clipboard.',
  'code',
);
const NOT_A_CODE = new UserFacingError(
  'invalid_input',
  'What was on the clipboard is not a service code (one word of letters, digits and symbols): copy the code itself and apply again.',
  'code',
);

/** The exchange's refusal of a code in words ("…: This code was created by you."); any other error as it is. */
function codeRefusal(error: unknown): unknown {
  const said = error instanceof ValidationError ? error.fields['code'] : undefined;
  if (!said?.length || !(error instanceof ValidationError)) return error;
  const words = said.map((m) => m.replace(/\.?$/, '.')).join(' ');
  return new ValidationError(`The exchange did not apply the code: ${words}`, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.exchangeCode === undefined ? {} : { exchangeCode: error.exchangeCode }),
    field: 'code',
    fields: error.fields,
  });
}

/** What a wallet procedure sends beside the account. */
type Input<K extends keyof typeof walletInputs> = Omit<WalletInput<K>, 'accountId'>;

export class AccountWallet {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #cache: Cache;
  readonly #platform: Platform;
  readonly #book: AddressBook;
  readonly #log: Logger;
  readonly #approvals: Approvals | undefined;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    cache: Cache,
    platform: Platform,
    book: AddressBook,
    log: Logger,
    approvals?: Approvals,
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#cache = cache;
    this.#platform = platform;
    this.#book = book;
    this.#log = log;
    this.#approvals = approvals;
    // A teammate approved it: sent exactly as proposed, the uniqueId fixed then.
    approvals?.useSender(REST.withdrawPay.path, async ({ caller, body: input }) => {
      const sent = await this.#connection.wallet.withdrawPay(caller, input);
      return `Withdrawal sent: ${grouped(input.amount)} ${input.ticker} to ${input.address}${sent.recovered ? ' (its first answer was lost; found by its unique id)' : ''}.`;
    });
    approvals?.useSender(REST.codes.path, async ({ caller, body }) => {
      const code = await this.#keepCode(await mainAccount.createCode(caller, body));
      return `Service code created: ${code.copied ? 'it is on the clipboard' : 'copy it from the exchange'} (${code.hint}).`;
    });
  }

  #as(accountId: string) {
    return this.#accounts.caller(accountId);
  }

  #label(accountId: string): string {
    return this.#accounts.registry.get(accountId)?.label ?? accountId;
  }

  /** The public asset list: withdrawal limits, fees and networks. */
  assets() {
    return this.#connection.wallet.assets(this.#connection.http);
  }

  /** Main balances; each reading is a sample of the balances-over-time chart and what the screen shows offline. */
  async balances(accountId: string): Promise<Record<string, MainBalanceView>> {
    const balances = await mainAccount.balance(await this.#as(accountId));
    try {
      await this.#cache.balances.record({
        account: accountId,
        kind: 'main',
        takenAtMs: Date.now(),
        entries: mainBalanceEntries(balances),
      });
    } catch (error) {
      this.#log.log('warn', 'a main-balance snapshot could not be stored', error);
    }
    return balances;
  }

  /**
   * A withdrawal, once confirmed; from a team's account under four eyes it is proposed instead (its
   * uniqueId fixed in the proposal) and the proposal answered.
   */
  async withdraw(accountId: string, input: Input<'withdraw'>): Promise<WithdrawalResult | ProposedView> {
    const listed = assetOf(await this.assets(), input.ticker);
    const caller = await this.#as(accountId);
    const on = withdrawalNetwork(listed, input.network);
    // the fee this account pays, from its own schedule, where it lists the currency
    const own = withdrawFeeOf(
      withdrawFeeViews(await mainAccount.fees(caller)),
      listed.ticker,
      on || undefined,
    );
    const asset = own ? { ...listed, withdrawFee: withdrawFeeFor(own, input.amount) } : listed;
    const known = this.#book.find(on, input.address, input.memo);
    const { question, network } = withdrawalQuestion(this.#label(accountId), asset, input, known?.label);
    const { memo, provider, ...rest } = input;
    // Only what the approver's question shows: an empty memo or provider is not sent at all.
    const fields: mainAccount.WithdrawPayInput = {
      ...rest,
      ...(network ? { network } : {}),
      ...(memo ? { memo } : {}),
      ...(provider ? { provider } : {}),
      uniqueId: input.uniqueId || randomUUID(),
    };
    const proposed = await this.#approvals?.proposeIfCovered(
      accountId,
      (c) => mainAccount.withdrawPay(c, fields),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    return this.#connection.wallet.withdrawPay(caller, fields);
  }

  /** The account's withdrawal fees of every currency, from its own fee schedule. */
  async withdrawFees(accountId: string): Promise<WithdrawFeeView[]> {
    return withdrawFeeViews(await mainAccount.fees(await this.#as(accountId)));
  }

  /** A service code: it goes to the clipboard in main, the renderer gets a hint (or it is proposed). */
  async createCode(accountId: string, input: Input<'createCode'>): Promise<CreatedCodeView | ProposedView> {
    assetOf(await this.assets(), input.ticker);
    const caller = await this.#as(accountId);
    const question = codeQuestion(this.#label(accountId), input);
    const proposed = await this.#approvals?.proposeIfCovered(
      accountId,
      (c) => mainAccount.createCode(c, input),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    return this.#keepCode(await mainAccount.createCode(caller, input));
  }

  /**
   * Applies the service code on the clipboard to the account's main balance, once the person confirmed
   * in main's own dialog which account it is for: only then is the clipboard read (and cleared). The
   * code never crosses the bridge and is blanked from every log line while it is sent.
   */
  async applyCode(accountId: string, input: Input<'applyCode'>): Promise<AppliedCodeView> {
    const caller = await this.#as(accountId);
    await requireConfirmation(this.#platform, applyCodeQuestion(this.#label(accountId), input.passphrase));
    const code = (await this.#platform.takeSecretFromClipboard())?.trim() ?? '';
    if (code === '') throw NO_CODE;
    if (!CODE.test(code)) throw NOT_A_CODE;
    registerSecret(code);
    try {
      const applied = await mainAccount.applyCode(caller, {
        code,
        ...(input.passphrase ? { passphrase: input.passphrase } : {}),
      });
      return {
        ticker: applied.ticker,
        amount: applied.amount,
        externalId: applied.external_id,
        hint: maskCode(code),
      };
    } catch (error) {
      throw codeRefusal(error);
    } finally {
      forgetSecret(code);
    }
  }

  async #keepCode(created: mainAccount.CodeResult): Promise<CreatedCodeView> {
    const copied = await this.#platform.writeToClipboard(created.code);
    return {
      externalId: created.external_id,
      message: created.message,
      hint: maskCode(created.code),
      copied,
    };
  }

  async checkAddress({ ticker, network, address, memo }: Input<'checkAddress'>): Promise<AddressCheckView> {
    const asset = assetOf(await this.assets(), ticker);
    const on = withdrawalNetwork(asset, network);
    const issue = asset.fiat ? undefined : checkAddress(on, address, memo, asset.memo);
    return {
      network: on,
      problem: issue ? { field: issue.field, message: issue.message } : null,
      memo: asset.fiat ? null : networkNeeds(on, asset.memo).memo,
      inBook: (address && this.#book.find(on, address, memo)) || null,
    };
  }

  /**
   * Sends a credited deposit back in full to `address`, checked for the deposit's network first (a
   * network the app cannot check sends nothing), after main's own question naming both.
   */
  async refundDeposit(accountId: string, depositId: string, address: string): Promise<void> {
    const caller = await this.#as(accountId);
    const deposit = await depositOf(caller, depositId);
    const issue = deposit.network
      ? checkAddress(deposit.network, address)
      : {
          field: 'address',
          message: 'The deposit names no network, so the refund address cannot be checked; nothing was sent.',
        };
    if (issue) throw new UserFacingError('invalid_input', issue.message, 'address');
    await requireConfirmation(this.#platform, refundQuestion(this.#label(accountId), deposit, address));
    try {
      await mainAccount.refundDeposit(caller, { transactionId: depositId, address });
    } catch (error) {
      // the exchange's words name no field: the deposit is the one it will not refund
      if (error instanceof ExchangeError && /not refundable/i.test(error.message))
        throw new UserFacingError(
          'invalid_input',
          'The exchange will not refund this deposit: it is already refunded or being refunded, or not credited yet.',
          'depositId',
        );
      throw error;
    }
  }

  /** Sends the originator of a deposit held for Travel Rule verification, as the exchange asks it. */
  async verifyDeposit(accountId: string, input: mainAccount.TravelRuleVerificationInput): Promise<void> {
    try {
      await mainAccount.travelRuleVerification(await this.#as(accountId), input);
    } catch (error) {
      // the exchange names the deposit `uniqueId`; the person picked it as the deposit
      if (error instanceof ExchangeError && error.field === 'uniqueId')
        throw new UserFacingError(
          'invalid_input',
          `The exchange refused this deposit for verification: ${error.fields?.['uniqueId']?.join(' ') ?? 'unknown deposit'}.`,
          'depositId',
        );
      throw error;
    }
  }

  async withdrawable(accountId: string) {
    return mainAccount.withdrawableBalance(await this.#as(accountId));
  }

  async vasps(accountId: string) {
    return mainAccount.vasps(await this.#as(accountId));
  }

  /** Deposits and withdrawals, newest first. */
  async history(accountId: string, filter: Input<'history'>): Promise<{ records: TransferView[] }> {
    const page = await mainAccount.history(await this.#as(accountId), filter);
    return { records: page.records.map(transferView) };
  }

  async refunds(accountId: string, filter: Input<'refunds'>): Promise<{ records: RefundView[] }> {
    const page = await mainAccount.refundHistory(await this.#as(accountId), filter);
    return { records: page.records.map(refundView) };
  }

  /** One currency's stored main-balance samples, oldest first, and the newest snapshot. */
  async balanceHistory(accountId: string, ticker: string, limit = 500): Promise<BalanceHistoryView> {
    return balanceHistory(ticker, await this.#cache.balances.list(accountId, 'main', undefined, limit));
  }
}
