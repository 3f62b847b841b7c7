// attention.step_1000_us: p50 of watching one board refresh of 1,005 rows for rows entering attention
// (300 of them entering at once: 280 stale, 20 liquidation within 5 %) and wording the one notice;
// main does it at the end of every refresh. Baseline: the board's totals over the same rows
// (`boardTotals`, five decimal sums per row), which main computes for every board it shows.
import type { BoardRowView } from '../../main/ipc/contract.ts';
import { boardTotals } from '../../main/services/desk/board-rows.ts';
import {
  attentionNotice,
  attentionStep,
  DEFAULT_ATTENTION_RULES,
} from '../../main/features/desk/attention.ts';
import { percentile, ratio, sampleMicros, type Bench } from './harness.ts';

const SAMPLES = 300;
const NOW = 1_800_000_000_000;

const rows: BoardRowView[] = Array.from({ length: 1005 }, (_, i) => ({
  account: `acc-${String(i)}`,
  label: `Sandbox sub-${String(i).padStart(3, '0')}`,
  kind: 'sub',
  groups: ['Sandbox'],
  keyState: 'valid',
  asOfMs: i < 280 ? NOW - 3_600_000 : NOW,
  liquidationDistance: i >= 280 && i < 300 ? '2.50' : '31.20',
  equity: '1743.47',
  free: '737.09',
  locked: '6.43',
  unrealizedPnl: '-0.12',
  marginUsed: '6.43',
}));

const bench: Bench = {
  name: 'attention',
  async run() {
    const once = () => {
      const step = attentionStep(new Map(), rows, DEFAULT_ATTENTION_RULES, NOW);
      return attentionNotice(step.entered, DEFAULT_ATTENTION_RULES, NOW);
    };
    if (once()?.title !== '300 accounts need attention') throw new Error('300 rows must enter attention');
    const base = percentile(await sampleMicros(() => boardTotals(rows), SAMPLES), 50);
    const p50 = percentile(await sampleMicros(once, SAMPLES), 50);
    return [
      {
        name: 'attention.step_1000_us',
        value: Number(p50.toFixed(1)),
        unit: 'us',
        baseline: Number(base.toFixed(1)),
        note: `${ratio(p50, base)}: one refresh of 1,005 rows watched for attention, vs the board's totals of the same rows`,
      },
    ];
  },
};

export default bench;
