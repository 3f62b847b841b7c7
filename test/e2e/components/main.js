// Component harness (tests only, never shipped): mounts one renderer component chosen by the URL with
// fixture data. Plain JavaScript so that it stays out of the Node-side type-check project, which cannot
// hold renderer files.
//   ?component=grid&rows=1000000&status=ready      ?component=progress&done=3&total=10&cancellable
import { mount } from 'svelte';
import DataGrid from '../../../renderer/src/components/DataGrid.svelte';
import Decimal from '../../../renderer/src/components/Decimal.svelte';
import LineChart from '../../../renderer/src/components/LineChart.svelte';
import ProgressBar from '../../../renderer/src/components/ProgressBar.svelte';
import Timestamp from '../../../renderer/src/components/Timestamp.svelte';
import { DataGridState } from '../../../renderer/src/lib/managers/data-grid.svelte.ts';
import { browserStore } from '../../../renderer/src/lib/managers/storage.ts';
import '../../../renderer/src/styles/app.css';
import './harness.css';

const { document, location } = globalThis;
const params = new URLSearchParams(location.search);
const target = document.getElementById('harness');
/** @type {string[]} */
const log = [];
/** @type {{ log: string[], grid?: unknown }} */
const harness = { log };
Object.assign(globalThis, { harness });
if (params.get('theme') === 'light') document.documentElement.dataset.theme = 'light';
// Stands in for a larger system text size: the root font size every rem derives from (set through
// CSSOM, which the CSP allows).
if (params.has('rem')) document.documentElement.style.fontSize = `${params.get('rem')}px`;

const MARKETS = ['BTC_USDT', 'ETH_USDT', 'TXC_USDT'];
const START_MS = Date.UTC(2026, 10, 22, 9, 30, 0);

/** @param {number} i */
function price(i) {
  const int = 10000 + ((i * 7919) % 90000);
  return i % 5 === 0 ? `${int}.5` : `${int}.${String((i * 31) % 100).padStart(2, '0')}`;
}

/** @param {number} i */
function amount(i) {
  return i % 7 === 0 ? String(i % 13) : `0.${String((i * 104729) % 100000000).padStart(8, '0')}`;
}

/**
 * Deterministic deals: row `i` is computed on demand, so a million rows cost one index array.
 * @type {import('../../../renderer/src/lib/managers/data-grid.svelte.ts').GridColumn<number>[]}
 */
const dealColumns = [
  { id: 'id', title: 'Deal', kind: 'text', width: 7, value: (i) => `D${String(i + 1).padStart(7, '0')}` },
  { id: 'time', title: 'Time', kind: 'time', width: 13, value: (i) => START_MS + i * 1000 },
  { id: 'market', title: 'Market', kind: 'text', width: 7, value: (i) => MARKETS[i % 3] ?? '' },
  {
    id: 'side',
    title: 'Side',
    kind: 'text',
    width: 5,
    value: (i) => (i % 2 ? 'sell' : 'buy'),
    tone: (i) => (i % 2 ? 'sell' : 'buy'),
  },
  { id: 'price', title: 'Price', kind: 'decimal', width: 9, value: price },
  { id: 'amount', title: 'Amount', kind: 'decimal', width: 10, value: amount },
  { id: 'fee', title: 'Fee', kind: 'decimal', width: 8, hidden: true, value: (i) => `-0.000${i % 10}` },
];

/** @param {string} name */
const action = (name) => ({ label: name, run: () => log.push(name) });

const component = params.get('component');
if (component === 'grid') {
  const grid = new DataGridState('harness-deals', dealColumns, browserStore());
  grid.rows = Array.from({ length: Number(params.get('rows') ?? '0') }, (_, i) => i);
  grid.status = /** @type {'ready' | 'loading' | 'error' | 'offline'} */ (params.get('status') ?? 'ready');
  harness.grid = grid;
  mount(DataGrid, {
    target,
    props: {
      grid,
      label: 'Deals',
      timeZone: params.get('tz') ?? 'UTC',
      empty: {
        title: 'No deals match',
        text: 'No executed deals are cached for this filter.',
        action: action('Clear filter'),
      },
      error: {
        title: 'History could not be read',
        text: 'The cache file is locked by another process.',
        action: action('Retry'),
      },
      offline: {
        title: 'Offline',
        text: 'Showing nothing new until the connection returns.',
        action: action('Reconnect'),
      },
      loading: { title: 'Loading deals…', text: 'Reading the cached history.' },
      onopen: (/** @type {number} */ row) => log.push(`open ${row}`),
    },
  });
} else if (component === 'progress') {
  mount(ProgressBar, {
    target,
    props: {
      label: 'Syncing deals',
      unit: 'pages',
      done: Number(params.get('done') ?? '0'),
      total: params.get('total') === null ? undefined : Number(params.get('total')),
      oncancel: params.has('cancellable') ? () => log.push('cancel') : undefined,
    },
  });
} else if (component === 'decimal') {
  // One Decimal per `v` parameter, shortened when `short` is present.
  for (const [i, value] of params.getAll('v').entries()) {
    const line = document.createElement('p');
    target.append(line);
    mount(Decimal, { target: line, props: { value, short: params.has('short'), testid: `decimal-${i}` } });
  }
} else if (component === 'timestamp') {
  mount(Timestamp, {
    target,
    props: { ms: Number(params.get('ms')), timeZone: params.get('tz') ?? undefined, testid: 'timestamp' },
  });
} else if (component === 'chart') {
  // Two series sampled every minute from START_MS; `points=0` draws the empty state.
  const n = Number(params.get('points') ?? '6');
  const online = Array.from({ length: n }, (_, i) => ({ t: START_MS + i * 60_000, v: i < n - 2 ? 3 : 2 }));
  const offline = Array.from({ length: n }, (_, i) => ({ t: START_MS + i * 60_000, v: i < n - 2 ? 0 : 1 }));
  mount(LineChart, {
    target,
    props: {
      title: 'Workers',
      series: [
        { id: 'online', label: 'Online', points: online },
        { id: 'offline', label: 'Offline', points: offline },
      ],
      step: true,
      emptyText: 'No worker samples yet.',
    },
  });
} else {
  throw new Error(`unknown component ${String(component)}`);
}
