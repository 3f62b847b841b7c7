import type { IpcError, TxcApi } from '../api.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import { compareDecimal, decimalPlaces } from '../format/decimal.ts';
import { amountProblem } from '../format/number.ts';
import { attemptId } from './attempt-id.ts';

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

  /** `precision`: the decimal places of the currency the amount is in (give or receive), when known. */
  prepare(precision: number | null = null): boolean {
    this.done = undefined;
    const f = this.fields;
    const unit = f.direction === 'from' ? f.from : f.to;
    const wrong = amountProblem(f.amount);
    if (!f.from) this.error = fieldError('from', 'Choose the currency to give.');
    else if (!f.to || f.to === f.from) this.error = fieldError('to', 'Choose another currency to receive.');
    else if (wrong) this.error = fieldError('amount', wrong);
    else if (precision !== null && decimalPlaces(f.amount) > precision)
      this.error = fieldError('amount', `${unit} allows at most ${precision} decimal places.`);
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
