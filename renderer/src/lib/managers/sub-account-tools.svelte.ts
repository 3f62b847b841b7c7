import type { AccountView, FoundSubAccountView, IpcError } from '../../../../main/ipc/contract.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import type { TxcApi } from '../api.ts';

/**
 * One sub-account at a time: a transfer with the main account, a key reset (the new secret goes to
 * the keychain in main), and finding the exchange's sub-accounts the desk has not registered.
 * Every money move and key change is asked natively by main before it happens.
 */
export class SubAccountTools {
  subId = $state('');
  transfer = $state<{ direction: 'main_to_sub' | 'sub_to_main'; ticker: string; amount: string }>({
    direction: 'main_to_sub',
    ticker: 'USDT',
    amount: '',
  });
  busy = $state<'transfer' | 'reset' | 'find' | 'add' | undefined>();
  error = $state<IpcError | undefined>();
  outcome = $state<string | undefined>();
  found = $state<FoundSubAccountView[] | undefined>();
  /** subAccountId -> label to register it under (present: chosen). */
  chosen = $state<Record<string, string>>({});
  readonly #api: TxcApi;
  readonly #changed: () => void;

  constructor(api: TxcApi, changed: () => void) {
    this.#api = api;
    this.#changed = changed;
  }

  edit(): void {
    this.error = undefined;
    this.outcome = undefined;
  }

  async sendTransfer(label: string): Promise<boolean> {
    if (!this.subId || this.busy) return false;
    this.busy = 'transfer';
    this.edit();
    const t = this.transfer;
    const reply = await this.#api.subaccounts.transfer({
      accountId: this.subId,
      direction: t.direction,
      ticker: t.ticker,
      amount: t.amount.trim(),
    });
    this.busy = undefined;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    if (isProposed(reply.value)) {
      this.outcome = proposedWords(reply.value);
      this.transfer = { ...t, amount: '' };
      return true;
    }
    this.outcome = `✓ ${t.direction === 'main_to_sub' ? `Sent ${reply.value.amount} ${t.ticker} to ${label}` : `Took ${reply.value.amount} ${t.ticker} from ${label} to the main account`}${reply.value.transactionId ? ` (transaction ${reply.value.transactionId})` : ''}.`;
    this.transfer = { ...t, amount: '' };
    this.#changed();
    return true;
  }

  async resetKey(): Promise<boolean> {
    if (!this.subId || this.busy) return false;
    this.busy = 'reset';
    this.edit();
    const reply = await this.#api.subaccounts.resetKey({ accountId: this.subId });
    this.busy = undefined;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    if (isProposed(reply.value)) {
      this.outcome = proposedWords(reply.value);
      return true;
    }
    const { account, stored } = reply.value;
    this.outcome = stored
      ? `✓ The key of ${account.label} was reset; the new secret is in the keychain and the account keeps working (new key ${account.apiKeyHint}).`
      : `The key of ${account.label} was reset, but the exchange did not send the new pair: copy it from the exchange's API settings and use Replace key on its row. Until then the account cannot sign.`;
    this.#changed();
    return stored;
  }

  async find(): Promise<void> {
    if (this.busy) return;
    this.busy = 'find';
    this.edit();
    const reply = await this.#api.subaccounts.findUnregistered();
    this.busy = undefined;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.found = reply.value;
    this.chosen = {};
  }

  toggle(s: FoundSubAccountView): void {
    this.chosen =
      s.subAccountId in this.chosen
        ? Object.fromEntries(Object.entries(this.chosen).filter(([id]) => id !== s.subAccountId))
        : { ...this.chosen, [s.subAccountId]: s.alias };
  }

  async addChosen(): Promise<AccountView[]> {
    const subAccounts = Object.entries(this.chosen).map(([subAccountId, label]) => ({ subAccountId, label }));
    if (subAccounts.length === 0 || this.busy) return [];
    this.busy = 'add';
    this.edit();
    const reply = await this.#api.subaccounts.addFound({ subAccounts });
    this.busy = undefined;
    if (!reply.ok) {
      this.error = reply.error;
      return [];
    }
    const n = reply.value.length;
    this.outcome = `✓ Added ${String(n)} ${n === 1 ? 'sub-account' : 'sub-accounts'}: ${reply.value.map((a) => a.label).join(', ')}. Each still needs its API key and secret: use Replace key on its row before it can trade or be read.`;
    this.found = this.found?.filter((f) => !(f.subAccountId in this.chosen));
    this.chosen = {};
    this.#changed();
    return reply.value;
  }
}
