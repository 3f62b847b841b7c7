import type { BorrowView, PositionHistoryView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../../lib/api.ts';
import { stepOf, tickOf } from '../../lib/format/market-steps.svelte.ts';
import { DataGridState, type GridColumn } from '../../lib/managers/data-grid.svelte.ts';
import type { PreferenceStore } from '../../lib/managers/storage.ts';

const text = (v: string | null | undefined): string => v ?? '';
const seconds = (v: number): number => Math.round(v * 1000);
const sideTone = (r: PositionHistoryView): 'buy' | 'sell' | undefined => {
  if (r.side === 'LONG') return 'buy';
  if (r.side === 'SHORT') return 'sell';
  return r.amount.startsWith('-') ? 'sell' : r.amount ? 'buy' : undefined;
};

export const positionColumns: GridColumn<PositionHistoryView>[] = [
  { id: 'time', title: 'Changed', kind: 'time', value: (r) => seconds(r.modifyDate) },
  { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market },
  { id: 'side', title: 'Side', kind: 'text', value: (r) => r.side, tone: sideTone },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => r.amount, step: (r) => stepOf(r.market) },
  {
    id: 'entry',
    title: 'Entry price',
    kind: 'decimal',
    value: (r) => r.basePrice,
    step: (r) => tickOf(r.market),
  },
  {
    id: 'price',
    title: 'Trade price',
    kind: 'decimal',
    value: (r) => r.orderDetail.price,
    step: (r) => tickOf(r.market),
  },
  {
    id: 'pnl',
    title: 'Realized PnL',
    kind: 'decimal',
    value: (r) => text(r.orderDetail.realizedPnl),
    signed: true,
  },
  { id: 'funding', title: 'Funding', kind: 'decimal', value: (r) => r.realizedFunding, signed: true },
  {
    id: 'liquidation',
    title: 'Liquidation',
    kind: 'decimal',
    value: (r) => text(r.liquidationPrice),
    step: (r) => tickOf(r.market),
  },
];

export const borrowColumns: GridColumn<BorrowView>[] = [
  {
    id: 'time',
    title: 'Opened',
    kind: 'time',
    // Borrow records carry Unix seconds (exchange-api.md, Borrow history record).
    value: (r) => seconds(r.timestamp),
  },
  { id: 'asset', title: 'Asset', kind: 'text', value: (r) => r.asset },
  { id: 'amount', title: 'Amount', kind: 'decimal', value: (r) => r.amount },
  { id: 'principal', title: 'Principal', kind: 'decimal', value: (r) => r.principal },
  { id: 'interest', title: 'Interest', kind: 'decimal', value: (r) => r.interest },
  { id: 'status', title: 'Status', kind: 'text', value: (r) => r.status },
];

/** The cached position and borrow history of one account, with a sync that refills it. */
export class PositionsHistory {
  readonly positions: DataGridState<PositionHistoryView>;
  readonly borrows: DataGridState<BorrowView>;
  error = $state<IpcError | undefined>();
  syncing = $state(false);
  account = '';
  readonly #api: TxcApi;
  #off: (() => void) | undefined;

  constructor(api: TxcApi, store: PreferenceStore) {
    this.#api = api;
    this.positions = new DataGridState<PositionHistoryView>('positions-history', positionColumns, store);
    this.borrows = new DataGridState<BorrowView>('borrow-history', borrowColumns, store);
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
