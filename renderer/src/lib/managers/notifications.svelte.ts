import type { NotificationKind, NotificationSettings } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/** Every kind with its words, in the order Settings lists them. */
export const NOTIFICATION_CHOICES: ReadonlyArray<{ kind: NotificationKind; label: string; hint: string }> = [
  {
    kind: 'workersOffline',
    label: 'Mining workers going offline',
    hint: 'When a reading of the mining watch shows fewer workers online than the one before.',
  },
  { kind: 'workersLow', label: 'Mining workers running low', hint: 'When more workers report low hashrate.' },
  {
    kind: 'deposits',
    label: 'Deposits',
    hint: 'Arriving, credited or cancelled, from the webhook receiver.',
  },
  {
    kind: 'withdrawals',
    label: 'Withdrawals',
    hint: 'Created, completed or cancelled, from the webhook receiver.',
  },
  {
    kind: 'fills',
    label: 'Fills',
    hint: 'Orders of every registered account that trade; keeps a live connection open per account.',
  },
  {
    kind: 'exchangeCancels',
    label: 'Orders cancelled by the exchange',
    hint: 'Self-trade prevention, reduce-only, liquidation, maintenance or the taker band; keeps a live connection open per account.',
  },
  {
    kind: 'alerts',
    label: 'Your alerts',
    hint: 'Price crosses, margin ratio and liquidation distance, as set in Events → Alerts.',
  },
  {
    kind: 'deskAttention',
    label: 'Board rows needing attention',
    hint: 'After a board refresh, accounts that came within the liquidation % set on the Board, had their key revoked or could not be read for longer than the stale minutes; one notice per refresh.',
  },
  {
    kind: 'approvals',
    label: 'Approvals asked by teammates',
    hint: 'In a team desk: each request another operator proposes for a second pair of eyes (withdrawals, codes, transfers, key changes).',
  },
];

/**
 * Which events raise a desktop notification. Main keeps the choice (it raises the notifications even
 * while the window is closed or on another screen); this reads and changes it.
 */
export class NotificationSettingsManager {
  settings = $state<NotificationSettings | undefined>();
  error = $state<IpcError | undefined>();
  busy = $state<NotificationKind | undefined>();
  tested = $state(false);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.notifications.settings();
    if (reply.ok) this.settings = reply.value;
    this.error = reply.ok ? undefined : reply.error;
  }

  async set(kind: NotificationKind, on: boolean): Promise<void> {
    this.busy = kind;
    const reply = await this.#api.notifications.configure({ [kind]: on });
    this.busy = undefined;
    if (reply.ok) this.settings = reply.value;
    this.error = reply.ok ? undefined : reply.error;
  }

  async test(): Promise<void> {
    const reply = await this.#api.notifications.test();
    this.tested = reply.ok;
    this.error = reply.ok ? undefined : reply.error;
  }
}
