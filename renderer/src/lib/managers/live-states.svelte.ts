import type { LiveState } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import type { AccountLabels } from './account-labels.svelte.ts';

/** States in the order the status bar lists them: trouble first. */
const ORDER: readonly LiveState[] = ['connecting', 'authorizing', 'reconciling', 'stopped', 'live', 'idle'];

/** Each account's WebSocket state from `ws.state`, for the status bar. */
export class LiveStatesManager {
  states = $state<Record<string, LiveState>>({});
  readonly labels: AccountLabels;
  readonly #api: TxcApi;

  constructor(api: TxcApi, labels: AccountLabels) {
    this.#api = api;
    this.labels = labels;
  }

  listen(): () => void {
    return this.#api.on('ws.state', (s) => this.update(s.accountId, s.state));
  }

  update(accountId: string, state: LiveState): void {
    this.states = { ...this.states, [accountId]: state };
    void this.labels.ensure([accountId]);
  }

  /** "2 live · 1 connecting", idle sockets left out; empty when no socket is open or opening. */
  get summary(): string {
    const all = Object.values(this.states);
    return ORDER.filter((s) => s !== 'idle')
      .map((s) => [s, all.filter((x) => x === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`)
      .join(' · ');
  }

  /** One line per account for the tooltip, trouble first. */
  get details(): string {
    return Object.entries(this.states)
      .sort(([, a], [, b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
      .map(([id, state]) => `${this.labels.label(id)}: ${state}`)
      .join('\n');
  }

  /** True when some socket is not live (for the status bar's warning cue). */
  get troubled(): boolean {
    return Object.values(this.states).some((s) => s !== 'live' && s !== 'idle');
  }
}
