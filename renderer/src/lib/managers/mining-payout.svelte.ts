/**
 * Where the chosen mining account's rewards are paid, and the form that changes it. The button says
 * what will be asked; main checks the address, asks its own question naming the account and both
 * destinations, and on a team desk proposes it for another treasurer instead.
 */
import type { PayoutDestinationView } from '../../../../main/ipc/contract.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { recall } from './known.svelte.ts';
import type { Asked } from './reply-guard.ts';

export type PayoutKind = PayoutDestinationView['destination'];

/** A destination in words: "the main balance" or the address. */
export function payoutWhere(destination: PayoutKind, address: string | null | undefined): string {
  return destination === 'main_balance' ? 'the main balance' : address?.trim() || 'an external BTC address';
}

/** The change button's words: exactly what main will be asked to do. */
export function payoutAction(miningAccount: string, destination: PayoutKind, address: string): string {
  if (destination === 'main_balance') return `Pay ${miningAccount}'s rewards to the main balance`;
  const to = address.trim();
  return to === '' ? 'Give the BTC address first' : `Pay ${miningAccount}'s rewards to ${to}`;
}

export class MiningPayoutState {
  current = $state<PayoutDestinationView | undefined>();
  error = $state<IpcError | undefined>();
  /** The destination shown is the one last read (the exchange did not answer), read then. */
  savedAtMs = $state<number | undefined>();
  /** The form: where the rewards are to go, and the address for an external one. */
  destination = $state<PayoutKind>('main_balance');
  address = $state('');
  sending = $state(false);
  sendError = $state<IpcError | undefined>();
  /** What the last change came to, in words (done, or waiting for approval). */
  result = $state<string | undefined>();

  readonly #api: TxcApi;
  #input: { accountId: string; miningAccount: string } | undefined;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** The form differs from what is paid now: there is something to change. */
  get changes(): boolean {
    const now = this.current;
    if (!now) return false;
    if (this.destination !== now.destination) return true;
    return this.destination === 'external_address' && this.address.trim() !== (now.address ?? '');
  }

  async load(input: { accountId: string; miningAccount: string }, asked: Asked): Promise<void> {
    this.#input = input;
    const reply = await this.#api.mining.payoutDestination(input);
    const saved = reply.ok
      ? undefined
      : (await recall(this.#api, 'mining.payout', [input.accountId], input.miningAccount))[input.accountId];
    if (asked.stale) return;
    this.error = reply.ok ? undefined : reply.error;
    this.savedAtMs = saved?.asOfMs;
    if (reply.ok) this.#show(reply.value);
    else if (saved) this.#show(saved.value);
  }

  /** Asks main to change it (main asks its own question first). */
  async change(): Promise<void> {
    const input = this.#input;
    if (!input || this.sending) return;
    this.sending = true;
    this.result = undefined;
    const reply = await this.#api.mining.setPayoutDestination({
      ...input,
      destination: this.destination,
      ...(this.destination === 'external_address' ? { address: this.address } : {}),
    });
    this.sending = false;
    if (!reply.ok) {
      this.sendError = reply.error;
      return;
    }
    this.sendError = undefined;
    if (isProposed(reply.value)) {
      this.result = proposedWords(reply.value);
      return;
    }
    this.#show(reply.value);
    this.savedAtMs = undefined;
    this.error = undefined;
    this.result = `The rewards of ${reply.value.miningAccount} are paid to ${payoutWhere(reply.value.destination, reply.value.address)} from the next payout.`;
  }

  #show(now: PayoutDestinationView): void {
    this.current = now;
    this.destination = now.destination;
    this.address = now.address ?? '';
  }

  clear(): void {
    this.#input = undefined;
    this.current = undefined;
    this.error = undefined;
    this.savedAtMs = undefined;
    this.destination = 'main_balance';
    this.address = '';
    this.sending = false;
    this.sendError = undefined;
    this.result = undefined;
  }
}
