import type { FlexInvestmentView, IpcError } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { settled } from './errors.ts';

export type BalanceKind = 'main' | 'spot' | 'collateral';

export const BALANCE_NAMES: Record<BalanceKind, string> = {
  main: 'Main',
  spot: 'Spot (trade)',
  collateral: 'Collateral',
};

/** A move between two balances of the account; main asks the person natively before it is sent. */
export class BalanceTransferDraft {
  fields = $state<{ from: BalanceKind; to: BalanceKind; ticker: string; amount: string }>({
    from: 'main',
    to: 'spot',
    ticker: 'USDT',
    amount: '',
  });
  sending = $state(false);
  error = $state<IpcError | undefined>();
  done = $state<{ from: string; to: string; ticker: string; amount: string } | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.error = undefined;
    this.done = undefined;
  }

  /** Swaps from and to. */
  swap(): void {
    const { from, to } = this.fields;
    this.fields = { ...this.fields, from: to, to: from };
    this.edit();
  }

  async send(accountId: string): Promise<boolean> {
    if (!accountId || this.sending) return false;
    this.sending = true;
    this.error = undefined;
    const reply = await this.#api.wallet.transfer({
      accountId,
      ...this.fields,
      amount: this.fields.amount.trim(),
    });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.done = reply.value;
    this.fields = { ...this.fields, amount: '' };
    return true;
  }
}

/** The account's flex investments and closing one (main asks natively first). */
export class FlexList {
  items = $state<FlexInvestmentView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  closing = $state<string | undefined>();
  closeError = $state<IpcError | undefined>();
  closed = $state<{ plan: string; transactionId: string } | undefined>();
  #account = '';
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(accountId: string): Promise<void> {
    this.#account = accountId;
    this.closed = undefined;
    this.closeError = undefined;
    if (!accountId) {
      this.items = [];
      return;
    }
    this.loading = true;
    const reply = await this.#api.wallet.flexInvestments({ accountId });
    if (accountId !== this.#account) return;
    this.loading = false;
    if (settled(reply, (error) => (this.error = error))) this.items = reply.value;
  }

  async close(plan: string): Promise<boolean> {
    const accountId = this.#account;
    if (!accountId || this.closing) return false;
    this.closing = plan;
    this.closeError = undefined;
    const reply = await this.#api.wallet.closeFlex({ accountId, plan });
    this.closing = undefined;
    if (!reply.ok) {
      this.closeError = reply.error;
      return false;
    }
    this.closed = reply.value;
    await this.load(accountId);
    this.closed = reply.value;
    return true;
  }
}
