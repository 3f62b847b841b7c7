// The one number formatter of the renderer: its rules, properties of how it writes a value to its
// tick, step or precision, and a walk over every grid's columns showing each decimal cell is written by it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../renderer/src/lib/format/decimal.ts';
import { rememberMarkets } from '../../../renderer/src/lib/format/market-steps.svelte.ts';
import {
  formatColumn,
  formatNumber,
  formatRate,
  fullNumber,
  isShortened,
  marketName,
  parseNumber,
  plural,
  stepScale,
  writtenScale,
} from '../../../renderer/src/lib/format/number.ts';
import { balanceSummary } from '../../../renderer/src/lib/managers/account-balances.ts';
import { DataGridState, type GridColumn } from '../../../renderer/src/lib/managers/data-grid.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { balanceList } from '../../../renderer/src/lib/managers/sub-account-balances.svelte.ts';
import {
  boardColumns,
  orderColumns,
  positionColumns as deskPositionColumns,
} from '../../../renderer/src/views/board/board-columns.ts';
import {
  accountColumns,
  auditColumns,
  historyColumns,
  rewardColumns,
  subAccountColumns,
} from '../../../renderer/src/views/grid-columns.ts';
import {
  borrowColumns,
  positionColumns,
} from '../../../renderer/src/views/positions/history-state.svelte.ts';
import {
  closedPositionColumns,
  exposureColumns,
  fundingColumns,
  markerColumns,
  pnlByAccountColumns,
  pnlByDayColumns,
  pnlByMarketColumns,
  volumeColumns,
} from '../../../renderer/src/views/reports/report-columns.ts';
import { archiveColumns } from '../../../renderer/src/views/settings/archive-columns.ts';

/** Whether written text reads back as exactly `value`. */
function sameValue(text: string, value: string): boolean {
  const back = parseNumber(text);
  return back !== undefined && compareDecimal(back, value) === 0;
}

describe('formatNumber', () => {
  it('groups thousands, writes to the tick, step or precision, rounding a value with more digits', () => {
    expect(formatNumber('6303812.50')).toBe('6,303,812.50');
    expect(formatNumber('1200')).toBe('1,200');
    expect(formatNumber('65026', { step: '0.1' })).toBe('65,026.0');
    expect(formatNumber('65019.7', { step: '0.1' })).toBe('65,019.7');
    expect(formatNumber('65019.70', { step: '0.1' })).toBe('65,019.7');
    expect(formatNumber('0.002', { step: '0.0001' })).toBe('0.0020');
    // Off the tick: to the nearest, the full value is fullNumber's (the tooltip, the clipboard).
    expect(formatNumber('58235.38345', { step: '0.1' })).toBe('58,235.4');
    expect(fullNumber('58235.38345')).toBe('58,235.38345');
    expect(isShortened('58235.38345', { step: '0.1' })).toBe(true);
    expect(isShortened('58235.30', { step: '0.1' })).toBe(false);
    expect(formatNumber('65019.75', { step: '0.1' })).toBe('65,019.8');
    expect(formatNumber('-65019.75', { step: '0.1' })).toBe('-65,019.8');
    expect(formatNumber('1234.5', { step: '1' })).toBe('1,235');
    expect(formatNumber('-0.04', { step: '0.1' })).toBe('0.0');
    expect(formatNumber('-1234567', { step: '0.01' })).toBe('-1,234,567.00');
    // What may be spent is cut, never rounded up.
    expect(formatNumber('19664.885584667312198', { places: 6, round: 'down' })).toBe('19,664.885584');
    expect(formatNumber('0.999', { places: 2, round: 'down' })).toBe('0.99');
    expect(formatNumber('0.999', { places: 2 })).toBe('1.00');
  });

  it('writes changes with their sign and percentages with the unit; other text as given', () => {
    expect(formatNumber('603.11', { signed: true })).toBe('+603.11');
    expect(formatNumber('-603.11', { signed: true })).toBe('-603.11');
    expect(formatNumber('0', { signed: true })).toBe('0');
    expect(formatNumber('0.94', { signed: true, percent: true })).toBe('+0.94 %');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('market')).toBe('market');
    expect(parseNumber('+64,250.50 %')).toBe('64250.50');
    expect(parseNumber('—')).toBeUndefined();
  });

  it('writes a rate given as a fraction (funding) in percent, signed and exact; other text as given', () => {
    expect(formatRate('0.0001')).toBe('+0.01 %');
    expect(formatRate('-0.000177877800093587')).toBe('-0.0177877800093587 %');
    expect(formatRate('0')).toBe('0 %');
    expect(formatRate('—')).toBe('—');
  });

  it('names markets one way and counts with the plural right', () => {
    expect(marketName('BTC/USDT')).toBe('BTC_USDT');
    expect(marketName('eth-usdt')).toBe('ETH_USDT');
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(0, 'order')).toBe('0 orders');
    expect(plural(1000, 'sub-account')).toBe('1,000 sub-accounts');
    expect(plural(2, 'position')).toBe('2 positions');
  });

  const steps = fc.constantFrom('1', '10', '0.1', '0.5', '0.01', '0.0001', '0.00000001', '0.25');
  const digits = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n });

  /** `units` steps of `step` as an exact decimal string. */
  function times(units: bigint, step: string): string {
    const scale = stepScale(step);
    const stepUnits = BigInt(step.replace('.', ''));
    const raw = (units < 0n ? -units : units) * stepUnits;
    const text = raw.toString().padStart(scale + 1, '0');
    const int = scale ? text.slice(0, -scale) : text;
    const frac = scale ? text.slice(-scale) : '';
    return `${units < 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
  }

  it('a value on its tick or step reads back exactly, written to the step', () => {
    fc.assert(
      fc.property(digits, steps, (units, step) => {
        const value = times(units, step);
        const text = formatNumber(value, { step });
        expect(sameValue(text, value), text).toBe(true);
        expect(Math.max(writtenScale(text), 0)).toBe(stepScale(step));
      }),
    );
  });

  it('a value off its tick or step is written to it: the nearest value on it, or cut toward zero', () => {
    fc.assert(
      fc.property(digits, steps, fc.integer({ min: 1, max: 9 }), (units, step, extra) => {
        // One more significant digit than the step allows.
        const on = times(units, step);
        const value = `${on}${on.includes('.') ? '' : '.'}${'0'.repeat(Math.max(0, stepScale(step) - (on.split('.')[1]?.length ?? 0)))}${String(extra)}`;
        const unit = new Decimal(10).pow(-stepScale(step));
        for (const round of ['nearest', 'down'] as const) {
          const text = formatNumber(value, { step, round });
          expect(Math.max(writtenScale(text), 0)).toBe(stepScale(step));
          const back = new Decimal(parseNumber(text) ?? 'NaN');
          const gap = back.minus(value).abs();
          // within half a unit of the step's last place (nearest), or less than one toward zero (down)
          if (round === 'nearest') expect(gap.lte(unit.div(2)), text).toBe(true);
          else expect(gap.lt(unit) && back.abs().lte(new Decimal(value).abs()), text).toBe(true);
          expect(isShortened(value, { step })).toBe(true);
          expect(parseNumber(fullNumber(value))).toBe(
            value.replace(/^(-?)0+(?=\d)/, '$1').replace(/\.?0+$/, ''),
          );
        }
      }),
    );
  });
});

/** Every grid id the screens create, read from the source (a new grid must be walked below). */
function gridIdsInSource(dir: string): string[] {
  const ids: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) ids.push(...gridIdsInSource(path));
    else if (/\.(ts|svelte)$/.test(name))
      for (const m of readFileSync(path, 'utf8').matchAll(/new DataGridState(?:<[^>]*>)?\(\s*'([^']+)'/g))
        ids.push(m[1] as string);
  }
  return ids;
}

/**
 * A row whose every field holds `value`, its market BTC_USDT (tick 0.1, step 0.0001), whatever the
 * grid's row type: enough for each column's own reading of the row.
 */
function rowOf(value: string): unknown {
  const handler: ProxyHandler<object> = {
    get: (_, key) => {
      if (key === 'market') return 'BTC_USDT';
      if (key === 'orderDetail') return new Proxy({}, handler);
      if (key === 'groups') return [];
      if (key === 'families') return [{ family: 'deals', records: value, archiveOnly: value, oldest: null }];
      if (key === 'lines') return [{ ticker: 'USDT', main: value, spot: value, collateral: value }];
      return value;
    },
  };
  return new Proxy({}, handler);
}

describe('every grid column', () => {
  rememberMarkets([{ name: 'BTC_USDT', tickSize: '0.1', stepSize: '0.0001' }]);
  const label = (id: string) => id;
  const grids: Record<string, readonly GridColumn<never>[]> = {
    board: boardColumns,
    'board-orders': orderColumns,
    'board-positions': deskPositionColumns,
    history: historyColumns(label),
    'audit-log': auditColumns(label),
    'mining-rewards': rewardColumns,
    accounts: accountColumns,
    'sub-accounts': subAccountColumns,
    'positions-history': positionColumns,
    'borrow-history': borrowColumns,
    'reports-pnl-account': pnlByAccountColumns(label),
    'reports-pnl-market': pnlByMarketColumns(),
    'reports-pnl-day': pnlByDayColumns(),
    'reports-positions': closedPositionColumns(label),
    'reports-markers': markerColumns(label),
    'reports-volume': volumeColumns(),
    'reports-funding': fundingColumns(label),
    'reports-exposure': exposureColumns(label),
    'settings-archive': archiveColumns(),
  } as Record<string, readonly GridColumn<never>[]>;

  it('is walked here for every grid the screens create', () => {
    expect(new Set(gridIdsInSource('renderer/src'))).toEqual(new Set(Object.keys(grids)));
  });

  const values = ['6303812.5', '-1234567.891', '65026', '0.002', '0'];
  for (const [id, columns] of Object.entries(grids)) {
    it(`${id}: each decimal cell is grouped, to its step, and reads back exactly`, () => {
      const grid = new DataGridState(id, columns as GridColumn<unknown>[], memoryStore());
      grid.rows = values.map(rowOf);
      for (const column of grid.visibleColumns) {
        if (column.kind !== 'decimal') continue;
        values.forEach((value, i) => {
          const row = grid.rows[i];
          const text = grid.cellText(column, row);
          const step = column.step?.(row);
          // to its step: exact when the value has no more digits, else rounded with the full value in the tooltip
          const written = step ? formatNumber(value, { step }) : value;
          expect(sameValue(text, parseNumber(written) ?? value), `${id}.${column.id} ${text}`).toBe(true);
          if (step && isShortened(value, { step }))
            expect(grid.cellTitle(column, row)).toBe(fullNumber(value, { signed: column.signed }));
          expect(text.split('.')[0], `${id}.${column.id}`).not.toMatch(/\d{4}/);
          if (step) expect(writtenScale(text)).toBeGreaterThanOrEqual(stepScale(step));
        });
      }
    });
  }

  it('balances written in words (Accounts, Sub-accounts) use the same formatter', () => {
    expect(
      balanceSummary({
        account: 'a',
        ok: true,
        balances: { USDT: { available: '6303812.50', freeze: '1000' } },
      }),
    ).toBe('USDT 6,303,812.50 (1,000 frozen)');
    expect(balanceList([{ ticker: 'USDT', main: '1000000', spot: '0', collateral: '0' }], 'main')).toBe(
      'USDT 1,000,000',
    );
  });

  it("a table's column (the Sub-accounts detail) is written by the same formatter, its points lined up", () => {
    const column = formatColumn(['6303812.5', '0.00012', '1000', '0']);
    expect(column.map((t) => parseNumber(t))).toEqual(['6303812.5', '0.00012', '1000', '0']);
    expect(column[0]?.startsWith('6,303,812.5')).toBe(true);
    expect(column[2]?.startsWith('1,000')).toBe(true);
    // right-aligned in tabular figures, every point sits at the same place
    const points = column.map((t) => t.length - (t.includes('.') ? t.indexOf('.') : t.search(/\D*$/)));
    expect(new Set(points).size).toBe(1);
  });
});
