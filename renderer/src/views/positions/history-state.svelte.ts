import type { RecordView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../../lib/api.ts';
import { DataGridState, type GridColumn } from '../../lib/managers/data-grid.svelte.ts';
import type { PreferenceStore } from '../../lib/managers/storage.ts';

const text = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const seconds = (v: unknown): number => (typeof v === 'number' ? Math.round(v * 1000) : 0);
const detail = (r: RecordView, key: string): string => {
  const d = r['orderDetail'];
  return d && typeof d === 'object' ? text((d as Record<string, unknown>)[key]) : '';
};
const sideTone = (r: RecordView): 'buy' | 'sell' | undefined => {
  const amount = text(r['amount']);
  if (r['side'] === 'LONG') return 'buy';
  if (r['side'] === 'SHORT') return 'sell';
  return amount.startsWith('-') ? 'sell' : amount ? 'buy' : undefined;
};

export const positionColumns: GridColumn<RecordView>[] = [
  { id: 'time', title: 'Changed', kind: 'time', value: (r) => seconds(r['modifyDate']), width: 13 },
  { id: 'market', title: 'Market', kind: 'text', value: (r) => text(r['market']), width: 7 },
  { id: 'side', title: 'Side', kind: 'text', value: (r) => text(r['side']), tone: sideTone, width: 6 },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => text(r['amount']), width: 8 },
  { id: 'entry', title: 'Entry price', kind: 'decimal', value: (r) => text(r['basePrice']), width: 9 },
  { id: 'price', title: 'Trade price', kind: 'decimal', value: (r) => detail(r, 'price'), width: 9 },
  { id: 'pnl', title: 'Realized PnL', kind: 'decimal', value: (r) => detail(r, 'realizedPnl'), width: 9 },
  { id: 'funding', title: 'Funding', kind: 'decimal', value: (r) => text(r['realizedFunding']), width: 8 },
  {
    id: 'liquidation',
    title: 'Liquidation',
    kind: 'decimal',
    value: (r) => text(r['liquidationPrice']),
    width: 9,
  },
];

export const borrowColumns: GridColumn<RecordView>[] = [
  {
    id: 'time',
    title: 'Opened',
    kind: 'time',
    // Borrow records carry Unix seconds (exchange-api.md, Borrow history record).
    value: (r) => seconds(r['timestamp']),
    width: 13,
  },
  { id: 'asset', title: 'Asset', kind: 'text', value: (r) => text(r['asset']), width: 6 },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => text(r['amount']), width: 9 },
  { id: 'principal', title: 'Principal', kind: 'decimal', value: (r) => text(r['principal']), width: 9 },
  { id: 'interest', title: 'Interest', kind: 'decimal', value: (r) => text(r['interest']), width: 8 },
  { id: 'status', title: 'Status', kind: 'text', value: (r) => text(r['status']), width: 7 },
];

/** The cached position and borrow history of one account, with a sync that refills it. */
export class PositionsHistory {
  readonly positions: DataGridState<RecordView>;
  readonly borrows: DataGridState<RecordView>;
  error = $state<IpcError | undefined>();
  syncing = $state(false);
  account = '';
  readonly #api: TxcApi;
  #off: (() => void) | undefined;

  constructor(api: TxcApi, store: PreferenceStore) {
    this.#api = api;
    this.positions = new DataGridState<RecordView>('positions-history', positionColumns, store);
    this.borrows = new DataGridState<RecordView>('borrow-history', borrowColumns, store);
  }

  async follow(account: string): Promise<void> {
    this.account = account;
    this.#off ??= this.#api.on('sync.finished', (f) => {
      if (f.account === this.account) {
        this.syncing = false;
        void this.load();
      }
    });
    await this.load();
  }

  async load(): Promise<void> {
    const account = this.account;
    if (!account) return;
    this.positions.status = 'loading';
    this.borrows.status = 'loading';
    const [p, b] = await Promise.all([
      this.#api.positions.history({ accountId: account }),
      this.#api.positions.borrows({ accountId: account }),
    ]);
    if (account !== this.account) return;
    this.error = !p.ok ? p.error : !b.ok ? b.error : undefined;
    this.positions.rows = p.ok ? p.value : [];
    this.borrows.rows = b.ok ? b.value : [];
    this.positions.status = p.ok ? 'ready' : 'error';
    this.borrows.status = b.ok ? 'ready' : 'error';
  }

  /** Fetches the account's history into the cache; the grids reload when it finishes. */
  async sync(): Promise<void> {
    if (!this.account) return;
    this.syncing = true;
    const reply = await this.#api.sync.start({ accountIds: [this.account] });
    if (!reply.ok) {
      this.syncing = false;
      this.error = reply.error;
    }
  }

  stop(): void {
    this.#off?.();
    this.#off = undefined;
  }
}
