import type { IpcError, TxcApi } from '../api.ts';
import { compareDecimal } from '../format/decimal.ts';
import { addDecimals, attemptId, decimalPlaces, isPositiveDecimal } from '../../views/wallet/amounts.ts';
import { isOffline, type WalletAsset } from './wallet.svelte.ts';

export interface WithdrawFields {
  ticker: string;
  network: string;
  address: string;
  amount: string;
  provider: string;
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
    total: fee === null ? null : (addDecimals(amount.trim(), fee) ?? null),
  };
}

/**
 * The first problem of a withdrawal before it is sent, naming its field: currency, amount (format,
 * precision, limits, the total against what is free), address, provider for fiat.
 */
export function checkWithdraw(
  fields: WithdrawFields,
  asset: WalletAsset | undefined,
  free: string | undefined,
): IpcError | undefined {
  if (!asset) return fieldError('ticker', 'Choose a currency to withdraw.');
  if (!asset.canWithdraw) return fieldError('ticker', `Withdrawals of ${asset.ticker} are unavailable now.`);
  const amount = fields.amount.trim();
  if (!isPositiveDecimal(amount))
    return fieldError('amount', 'Enter an amount greater than 0, such as 25.5.');
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
  provider: string;
  /** The withdrawal's id for its whole life: every send of this review uses it. */
  uniqueId: string;
}

/**
 * A withdrawal form with a confirmation step. Reviewing fixes one `uniqueId` for the attempt; sending
 * again after a lost answer reuses it, so the exchange can never pay twice. Editing starts a new attempt.
 */
export class WithdrawDraft {
  fields = $state<WithdrawFields>({ ticker: 'USDT', network: '', address: '', amount: '', provider: '' });
  review = $state<WithdrawReview | undefined>();
  error = $state<IpcError | undefined>();
  sending = $state(false);
  /** The answer was lost: the same review can be sent again safely. */
  answerLost = $state(false);
  done = $state<(WithdrawReview & { recovered: boolean }) | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** The form changed: any review is stale and the next one is a new attempt. */
  edit(): void {
    this.review = undefined;
    this.error = undefined;
    this.answerLost = false;
  }

  /** Checks the form and shows what will be debited; false (with the field's error) when it cannot. */
  prepare(asset: WalletAsset | undefined, free: string | undefined): boolean {
    this.done = undefined;
    this.error = checkWithdraw(this.fields, asset, free);
    const quote = withdrawQuote(this.fields.amount, asset);
    if (this.error || !quote || !asset) return false;
    this.review = {
      ...quote,
      network: this.fields.network || asset.defaultNetwork || '',
      address: this.fields.address.trim(),
      provider: this.fields.provider.trim(),
      uniqueId: this.review?.uniqueId ?? attemptId('desk-w'),
    };
    return true;
  }

  async send(accountId: string): Promise<boolean> {
    const review = this.review;
    if (!review || this.sending) return false;
    this.sending = true;
    const reply = await this.#api.wallet.withdraw({
      accountId,
      ticker: review.ticker,
      amount: review.receiverGets,
      address: review.address,
      uniqueId: review.uniqueId,
      ...(review.network ? { network: review.network } : {}),
      ...(review.provider ? { provider: review.provider } : {}),
    });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.answerLost = isOffline(reply.error);
      return false;
    }
    this.done = { ...review, recovered: reply.value.recovered };
    this.review = undefined;
    this.error = undefined;
    this.answerLost = false;
    this.fields.amount = '';
    this.fields.address = '';
    return true;
  }
}

export interface ConvertFields {
  from: string;
  to: string;
  direction: 'from' | 'to';
  amount: string;
}

/** A convert with one idempotency key per attempt: sent again after a lost answer, it answers the first. */
export class ConvertDraft {
  fields = $state<ConvertFields>({ from: 'USDT', to: 'BTC', direction: 'from', amount: '' });
  /** The idempotency key of the reviewed attempt. */
  pending = $state<(ConvertFields & { key: string }) | undefined>();
  error = $state<IpcError | undefined>();
  sending = $state(false);
  done = $state<{ give: string; receive: string; from: string; to: string; id: string } | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.pending = undefined;
    this.error = undefined;
  }

  prepare(): boolean {
    this.done = undefined;
    const f = this.fields;
    if (!f.from) this.error = fieldError('from', 'Choose the currency to give.');
    else if (!f.to || f.to === f.from) this.error = fieldError('to', 'Choose another currency to receive.');
    else if (!isPositiveDecimal(f.amount))
      this.error = fieldError('amount', 'Enter an amount greater than 0.');
    else this.error = undefined;
    if (this.error) return false;
    this.pending = { ...f, amount: f.amount.trim(), key: this.pending?.key ?? attemptId('desk-c') };
    return true;
  }

  async send(accountId: string): Promise<boolean> {
    const p = this.pending;
    if (!p || this.sending) return false;
    this.sending = true;
    const reply = await this.#api.wallet.convert({
      accountId,
      from: p.from,
      to: p.to,
      direction: p.direction,
      amount: p.amount,
      idempotencyKey: p.key,
    });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    const v = reply.value;
    this.done = { give: v.finalGive, receive: v.finalReceive, from: p.from, to: p.to, id: String(v.id) };
    this.pending = undefined;
    this.error = undefined;
    this.fields.amount = '';
    return true;
  }
}

export interface CodeFields {
  ticker: string;
  amount: string;
  passphrase: string;
  description: string;
}

/** A service code: the amount leaves the main balance when it is created. */
export class CodeDraft {
  fields = $state<CodeFields>({ ticker: 'USDT', amount: '', passphrase: '', description: '' });
  confirming = $state(false);
  error = $state<IpcError | undefined>();
  sending = $state(false);
  created = $state<{ code: string; externalId: string; ticker: string; amount: string } | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.confirming = false;
    this.error = undefined;
  }

  prepare(): boolean {
    const f = this.fields;
    this.created = undefined;
    if (!f.ticker) this.error = fieldError('ticker', 'Choose a currency.');
    else if (!isPositiveDecimal(f.amount))
      this.error = fieldError('amount', 'Enter an amount greater than 0.');
    else if (decimalPlaces(f.amount) > 18) this.error = fieldError('amount', 'At most 18 decimal places.');
    else if (f.passphrase && !/^[\x21-\x7E]{1,25}$/.test(f.passphrase))
      this.error = fieldError('passphrase', 'At most 25 latin letters, digits and symbols, without spaces.');
    else this.error = undefined;
    this.confirming = !this.error;
    return this.confirming;
  }

  async send(accountId: string): Promise<boolean> {
    if (!this.confirming || this.sending) return false;
    const f = this.fields;
    this.sending = true;
    const reply = await this.#api.wallet.createCode({
      accountId,
      ticker: f.ticker,
      amount: f.amount.trim(),
      ...(f.passphrase ? { passphrase: f.passphrase } : {}),
      ...(f.description.trim() ? { description: f.description.trim() } : {}),
    });
    this.sending = false;
    this.confirming = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.created = {
      code: reply.value.code,
      externalId: reply.value.external_id,
      ticker: f.ticker,
      amount: f.amount.trim(),
    };
    this.error = undefined;
    this.fields = { ...f, amount: '', passphrase: '', description: '' };
    return true;
  }
}
