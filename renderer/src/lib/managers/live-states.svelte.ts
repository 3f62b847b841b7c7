import { SvelteSet } from 'svelte/reactivity';
import type { LiveState } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import type { AccountLabels } from './account-labels.svelte.ts';

/** States in the order the tooltip lists them: trouble first. */
const ORDER: readonly LiveState[] = ['connecting', 'authorizing', 'reconciling', 'live', 'stopped', 'idle'];

/** What a socket is, as the status bar counts it: closed ones (idle, or stopped by the app) are left out. */
type Standing = 'reconnecting' | 'opening' | 'live';

/** Each account's WebSocket state from `ws.state`, for the status bar. */
export class LiveStatesManager {
  states = $state<Record<string, LiveState>>({});
  readonly labels: AccountLabels;
  readonly #api: TxcApi;
  /** Accounts whose socket has been live since it opened: not live now means it is reconnecting. */
  readonly #wasLive = new SvelteSet<string>();

  constructor(api: TxcApi, labels: AccountLabels) {
    this.#api = api;
    this.labels = labels;
  }

  listen(): () => void {
    return this.#api.on('ws.state', (s) => this.update(s.accountId, s.state));
  }

  update(accountId: string, state: LiveState): void {
    if (state === 'live') this.#wasLive.add(accountId);
    else if (state === 'idle' || state === 'stopped') this.#wasLive.delete(accountId);
    this.states = { ...this.states, [accountId]: state };
    void this.labels.ensure([accountId]);
  }

  #counts(): Record<Standing, number> {
    const counts: Record<Standing, number> = { reconnecting: 0, opening: 0, live: 0 };
    for (const [account, state] of Object.entries(this.states)) {
      if (state === 'live') counts.live++;
      else if (state === 'idle' || state === 'stopped') continue;
      else if (this.#wasLive.has(account)) counts.reconnecting++;
      else counts.opening++;
    }
    return counts;
  }

  /**
   * "1 reconnecting · 700 opening · 305 live": a socket that was live and is not is reconnecting, one
   * not live yet since it was asked for is opening; closed ones are left out; empty when none is open.
   */
  get summary(): string {
    return Object.entries(this.#counts())
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n.toLocaleString('en-US')} ${s}`)
      .join(' · ');
  }

  /** One line per account for the tooltip, trouble first. */
  get details(): string {
    return Object.entries(this.states)
      .sort(([, a], [, b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
      .map(([id, state]) => `${this.labels.label(id)}: ${state}`)
      .join('\n');
  }

  /** True when a socket that was live is not (the status bar's warning cue); first openings are not trouble. */
  get troubled(): boolean {
    return this.#counts().reconnecting > 0;
  }
}
