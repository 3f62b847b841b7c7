import type { AddressCheckView, AddressEntryView } from '../../../../main/ipc/contract.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { compareDecimal, decimalPlaces, isPositiveDecimal } from '../format/decimal.ts';
import { sumDecimals } from '../format/exact.ts';
import { amountProblem } from '../format/number.ts';
import { attemptId } from './attempt-id.ts';
import { isOffline, type WalletAsset } from './wallet.svelte.ts';

export interface WithdrawFields {
  ticker: string;
  network: string;
  address: string;
  amount: string;
  provider: string;
  /** Destination tag or memo, on networks that need one. */
  memo?: string;
}

/** What a withdrawal costs: the receiver gets the amount in full, the fee comes on top. */
export interface WithdrawQuote {
  ticker: string;
  receiverGets: string;
  /** null when the exchange does not publish the fee of this currency. */
  fee: string | null;
  /** amount + fee, exactly; null when the fee is unknown. */
  total: string | null;
}

const fieldError = (field: string, message: string): IpcError => ({ code: 'invalid_input', message, field });

export function withdrawQuote(amount: string, asset: WalletAsset | undefined): WithdrawQuote | undefined {
  if (!asset || !isPositiveDecimal(amount)) return undefined;
  const fee = asset.withdrawFee;
  return {
    ticker: asset.ticker,
    receiverGets: amount.trim(),
    fee,
    total: fee === null ? null : (sumDecimals([amount.trim(), fee]) ?? null),
  };
}

/**
 * The first problem of a withdrawal before it is sent, naming its field: currency, amount (format,
 * precision, limits, the total against what is free), address, provider for fiat. Whether the
 * address can exist on the network is main's answer (`WithdrawDraft.checkAddress`).
 */
export function checkWithdraw(
  fields: WithdrawFields,
  asset: WalletAsset | undefined,
  free: string | undefined,
): IpcError | undefined {
  if (!asset) return fieldError('ticker', 'Choose a currency to withdraw.');
  if (!asset.canWithdraw) return fieldError('ticker', `Withdrawals of ${asset.ticker} are unavailable now.`);
  const amount = fields.amount.trim();
  const wrong = amountProblem(amount);
  if (wrong) return fieldError('amount', wrong);
  if (asset.precision !== null && decimalPlaces(amount) > asset.precision)
    return fieldError('amount', `${asset.ticker} allows at most ${asset.precision} decimal places.`);
  if (asset.minWithdraw !== null && compareDecimal(amount, asset.minWithdraw) < 0)
    return fieldError('amount', `The smallest withdrawal is ${asset.minWithdraw} ${asset.ticker}.`);
  if (asset.maxWithdraw !== null && compareDecimal(amount, asset.maxWithdraw) > 0)
    return fieldError('amount', `The largest withdrawal is ${asset.maxWithdraw} ${asset.ticker}.`);
  const total = withdrawQuote(amount, asset)?.total;
  if (free !== undefined && total && compareDecimal(total, free) > 0)
    return fieldError(
      'amount',
      `Amount plus fee is ${total} ${asset.ticker}, more than the ${free} ${asset.ticker} free on the main balance.`,
    );
  if (!fields.address.trim()) return fieldError('address', 'Enter the address to send to.');
  if (asset.fiat && !fields.provider.trim())
    return fieldError('provider', 'A fiat withdrawal needs the payment provider.');
  return undefined;
}

export interface WithdrawReview extends WithdrawQuote {
  network: string;
  address: string;
  memo: string;
  provider: string;
  /** The address book's entry for the address; null when it is not in the book. */
  inBook: AddressEntryView | null;
  fiat: boolean;
  /** The withdrawal's id for its whole life: every send of this review uses it. */
  uniqueId: string;
}

const checkKey = (f: WithdrawFields) =>
  JSON.stringify([f.ticker, f.network, f.address.trim(), f.memo?.trim()]);

/**
 * A withdrawal form whose confirmation is a modal step. Main checks the address for its network as it
 * is typed; reviewing fixes one `uniqueId` for the attempt; sending again after a lost answer reuses
 * it, so the exchange can never pay twice. Editing starts a new attempt. An address not in the book
 * needs the person's explicit acknowledgement before it can be sent.
 */
export class WithdrawDraft {
  fields = $state<WithdrawFields>({
    ticker: 'USDT',
    network: '',
    address: '',
    amount: '',
    provider: '',
    memo: '',
  });
  review = $state<WithdrawReview | undefined>();
  error = $state<IpcError | undefined>();
  /** Main's answer about the address as typed (for the fields in `checkedFor`). */
  check = $state<AddressCheckView | undefined>();
  /** The person ticked that an address not in the book is the right one. */
  unknownAcknowledged = $state(false);
  sending = $state(false);
  /** The answer was lost: the same review can be sent again safely. */
  answerLost = $state(false);
  done = $state<(WithdrawReview & { recovered: boolean }) | undefined>();
  /** Proposed for a second treasurer's approval instead of sent (team desk, four eyes), in words. */
  proposed = $state<string | undefined>();
  readonly #api: TxcApi;
  #checkedFor = '';
  #checking: Promise<void> | undefined;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** The form changed: any review is stale and the next one is a new attempt. */
  edit(): void {
    this.review = undefined;
    this.error = undefined;
    this.answerLost = false;
    this.unknownAcknowledged = false;
  }

  /** Asks main whether the address (and memo) can exist on the network; the answer shows as it is typed. */
  checkAddress(): Promise<void> {
    const f = this.fields;
    const key = checkKey(f);
    if (key === this.#checkedFor && this.#checking) return this.#checking;
    this.#checkedFor = key;
    const run = async () => {
      const reply = await this.#api.wallet.checkAddress({
        ticker: f.ticker,
        address: f.address.trim(),
        ...(f.network ? { network: f.network } : {}),
        ...(f.memo?.trim() ? { memo: f.memo.trim() } : {}),
      });
      if (this.#checkedFor !== key) return;
      this.check = reply.ok ? reply.value : undefined;
      if (!reply.ok) this.error = reply.error;
    };
    this.#checking = run();
    return this.#checking;
  }

  /** The address book changed: the next check asks main again. */
  invalidate(): void {
    this.#checkedFor = '';
    this.#checking = undefined;
  }

  /** The address problem to show next to the field while typing (none for an empty address). */
  get addressProblem(): IpcError | undefined {
    const p = this.check?.problem;
    if (!p || !this.fields.address.trim()) return undefined;
    return fieldError(p.field, p.message);
  }

  /** Checks the form (main checks the address) and opens the confirmation; false with the field's error. */
  async prepare(asset: WalletAsset | undefined, free: string | undefined): Promise<boolean> {
    this.done = undefined;
    this.error = checkWithdraw(this.fields, asset, free);
    const quote = withdrawQuote(this.fields.amount, asset);
    if (this.error || !quote || !asset) return false;
    await this.checkAddress();
    const check = this.check;
    if (this.error) return false;
    if (!check) return false;
    if (check.problem) {
      this.error = fieldError(check.problem.field, check.problem.message);
      return false;
    }
    this.unknownAcknowledged = false;
    this.review = {
      ...quote,
      network: check.network,
      address: this.fields.address.trim(),
      memo: this.fields.memo?.trim() ?? '',
      provider: this.fields.provider.trim(),
      inBook: check.inBook,
      fiat: asset.fiat,
      uniqueId: this.review?.uniqueId ?? attemptId('desk-w'),
    };
    return true;
  }

  /** Whether the reviewed withdrawal may be sent: an address not in the book needs the acknowledgement. */
  get canSend(): boolean {
    const r = this.review;
    return r !== undefined && !this.sending && (r.inBook !== null || r.fiat || this.unknownAcknowledged);
  }

  async send(accountId: string): Promise<boolean> {
    const review = this.review;
    if (!review || !this.canSend) return false;
    this.sending = true;
    const reply = await this.#api.wallet.withdraw({
      accountId,
      ticker: review.ticker,
      amount: review.receiverGets,
      address: review.address,
      uniqueId: review.uniqueId,
      ...(review.network ? { network: review.network } : {}),
      ...(review.memo ? { memo: review.memo } : {}),
      ...(review.provider ? { provider: review.provider } : {}),
    });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.answerLost = isOffline(reply.error);
      return false;
    }
    if (isProposed(reply.value)) {
      this.proposed = proposedWords(reply.value);
      this.done = undefined;
    } else {
      this.proposed = undefined;
      this.done = { ...review, recovered: reply.value.recovered };
    }
    this.review = undefined;
    this.error = undefined;
    this.answerLost = false;
    this.unknownAcknowledged = false;
    this.fields.amount = '';
    this.fields.address = '';
    this.fields.memo = '';
    return true;
  }
}
