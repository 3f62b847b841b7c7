import type { ConvertDoneView, ConvertQuoteView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import { compareDecimal, decimalPlaces } from '../format/decimal.ts';
import { amountProblem } from '../format/number.ts';

export {
  checkWithdraw,
  withdrawQuote,
  WithdrawDraft,
  type WithdrawFields,
  type WithdrawQuote,
  type WithdrawReview,
} from './withdraw-draft.svelte.ts';

const fieldError = (field: string, message: string): IpcError => ({ code: 'invalid_input', message, field });

export interface ConvertFields {
  from: string;
  to: string;
  direction: 'from' | 'to';
  amount: string;
}

/**
 * A convert, quote then confirm: the form asks main for a quote, the review shows what is given, what
 * comes back, the rate and the time left; Convert confirms that quote by its id. An expired quote is
 * never sent: the person asks a fresh one and sees its rate first.
 */
export class ConvertDraft {
  fields = $state<ConvertFields>({ from: 'USDT', to: 'BTC', direction: 'from', amount: '' });
  /** The quote under review, as main keeps it. */
  quote = $state<ConvertQuoteView | undefined>();
  quoting = $state(false);
  error = $state<IpcError | undefined>();
  sending = $state(false);
  done = $state<ConvertDoneView | undefined>();
  readonly #api: TxcApi;
  /** Bumped by every edit: a quote that lands after the form changed is not the form's. */
  #asked = 0;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.#asked++;
    this.quote = undefined;
    this.quoting = false;
    this.error = undefined;
  }

  /** The form's first problem, or none; `precision`: decimal places of the amount's currency, when known. */
  check(precision: number | null = null): boolean {
    const f = this.fields;
    const unit = f.direction === 'from' ? f.from : f.to;
    const wrong = amountProblem(f.amount);
    if (!f.from) this.error = fieldError('from', 'Choose the currency to give.');
    else if (!f.to || f.to === f.from) this.error = fieldError('to', 'Choose another currency to receive.');
    else if (wrong) this.error = fieldError('amount', wrong);
    else if (precision !== null && decimalPlaces(f.amount) > precision)
      this.error = fieldError('amount', `${unit} allows at most ${precision} decimal places.`);
    else this.error = undefined;
    return this.error === undefined;
  }

  /** Asks main for a quote of the form as it is (a fresh one replaces any under review). */
  async prepare(accountId: string, precision: number | null = null): Promise<boolean> {
    this.done = undefined;
    this.quote = undefined;
    if (!this.check(precision) || this.quoting) return false;
    const f = this.fields;
    const asked = ++this.#asked;
    this.quoting = true;
    const reply = await this.#api.wallet.convertQuote({
      accountId,
      from: f.from,
      to: f.to,
      direction: f.direction,
      amount: f.amount.trim(),
    });
    if (asked !== this.#asked) return false;
    this.quoting = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.quote = reply.value;
    return true;
  }

  /** Whether the quote under review can no longer be confirmed at `now`. */
  expired(now: number): boolean {
    return this.quote !== undefined && now >= this.quote.expiresAtMs;
  }

  /** Confirms the quote under review; an expired one is not sent. */
  async send(accountId: string, now: number = Date.now()): Promise<boolean> {
    const q = this.quote;
    if (!q || this.sending) return false;
    if (this.expired(now)) {
      this.error = { code: 'quote_expired', message: EXPIRED, field: 'quoteId' };
      return false;
    }
    this.sending = true;
    const reply = await this.#api.wallet.convert({ accountId, quoteId: q.quoteId });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      // a quote main or the exchange refused is not offered again: the person asks a fresh one
      if (reply.error.field === 'quoteId') this.quote = { ...q, expiresAtMs: Math.min(q.expiresAtMs, now) };
      return false;
    }
    this.done = reply.value;
    this.quote = undefined;
    this.error = undefined;
    this.fields.amount = '';
    return true;
  }
}

const EXPIRED = 'The quote expired: nothing was converted. Ask for a fresh quote; its rate may differ.';

/** The largest amount a service code may carry (1e17). */
const CODE_MAX = '100000000000000000';

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
  /** The code itself went to the clipboard in main; the screen shows its id and a masked hint. */
  /** Proposed for a second operator's approval instead of created (team desk, four eyes), in words. */
  proposed = $state<string | undefined>();
  created = $state<
    { hint: string; copied: boolean; externalId: string; ticker: string; amount: string } | undefined
  >();
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
    const wrong = amountProblem(f.amount);
    if (!f.ticker) this.error = fieldError('ticker', 'Choose a currency.');
    else if (wrong) this.error = fieldError('amount', wrong);
    else if (decimalPlaces(f.amount) > 18) this.error = fieldError('amount', 'At most 18 decimal places.');
    else if (compareDecimal(f.amount.trim(), CODE_MAX) > 0)
      this.error = fieldError('amount', `A code may carry at most ${CODE_MAX}.`);
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
    if (isProposed(reply.value)) {
      this.proposed = proposedWords(reply.value);
      this.error = undefined;
      this.fields = { ...f, amount: '', passphrase: '', description: '' };
      return true;
    }
    this.proposed = undefined;
    this.created = {
      hint: reply.value.hint,
      copied: reply.value.copied,
      externalId: reply.value.externalId,
      ticker: f.ticker,
      amount: f.amount.trim(),
    };
    this.error = undefined;
    this.fields = { ...f, amount: '', passphrase: '', description: '' };
    return true;
  }
}

/** A code applied: what came in, and the code masked. */
export interface AppliedCode {
  ticker: string;
  amount: string;
  externalId: string;
  hint: string;
}

/**
 * A service code another account made, applied to this account's main balance. The code itself is
 * never typed here: main reads it from the clipboard after its own question. Only its passphrase,
 * when it has one, is given on the screen.
 */
export class ApplyCodeDraft {
  passphrase = $state('');
  error = $state<IpcError | undefined>();
  sending = $state(false);
  applied = $state<AppliedCode | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.error = undefined;
  }

  async send(accountId: string): Promise<boolean> {
    if (this.sending) return false;
    const phrase = this.passphrase;
    this.applied = undefined;
    if (phrase && !/^[\x21-\x7E]{1,25}$/.test(phrase)) {
      this.error = fieldError('passphrase', 'At most 25 latin letters, digits and symbols, without spaces.');
      return false;
    }
    this.sending = true;
    const reply = await this.#api.wallet.applyCode({ accountId, ...(phrase ? { passphrase: phrase } : {}) });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.applied = reply.value;
    this.error = undefined;
    this.passphrase = '';
    return true;
  }
}
