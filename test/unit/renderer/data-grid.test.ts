import { describe, expect, it } from 'vitest';
import {
  columnsKey,
  DataGridState,
  MAX_SCROLL_PX,
  type GridColumn,
} from '../../../renderer/src/lib/managers/data-grid.svelte.ts';
import { sortOrder } from '../../../renderer/src/lib/managers/sort-order.ts';
import { compareDecimal } from '../../../renderer/src/lib/format/decimal.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';

interface Deal {
  id: string;
  price: string;
  note: string;
  time: number;
}

const columns: GridColumn<Deal>[] = [
  { id: 'id', title: 'Deal', kind: 'text', value: (d) => d.id },
  { id: 'price', title: 'Price', kind: 'decimal', value: (d) => d.price },
  { id: 'time', title: 'Time', kind: 'time', value: (d) => d.time },
  { id: 'note', title: 'Note', kind: 'text', hidden: true, value: (d) => d.note },
];

function deal(id: string, price: string, time = 0, note = ''): Deal {
  return { id, price, note, time };
}

describe('sortOrder', () => {
  it('orders decimals exactly, even where Number cannot tell them apart', () => {
    const rows = [
      deal('a', '0.10000000000000000001'),
      deal('b', '-2.5'),
      deal('c', '0.1'),
      deal('d', '10'),
      deal('e', '0.100000000000000000009'),
      deal('f', '-10.01'),
    ];
    const price = columns[1] as GridColumn<Deal>;
    const asc = [...sortOrder(rows, price, 'asc')].map((i) => rows[i]?.id);
    expect(asc).toEqual(['f', 'b', 'c', 'e', 'a', 'd']);
    const desc = [...sortOrder(rows, price, 'desc')].map((i) => rows[i]?.id);
    expect(desc).toEqual(['d', 'a', 'e', 'c', 'b', 'f']);
  });

  it('is stable for ties in both directions and sorts text and times', () => {
    const rows = [deal('x', '1', 30), deal('y', '1', 10), deal('z', '1', 20)];
    expect([...sortOrder(rows, columns[1] as GridColumn<Deal>, 'desc')]).toEqual([0, 1, 2]);
    expect([...sortOrder(rows, columns[2] as GridColumn<Deal>, 'asc')]).toEqual([1, 2, 0]);
    expect([...sortOrder(rows, columns[0] as GridColumn<Deal>, 'desc')]).toEqual([2, 1, 0]);
  });
});

describe('DataGridState', () => {
  it('cycles the sort from a header and shows rows in that order', () => {
    const grid = new DataGridState('deals', columns, memoryStore());
    grid.rows = [deal('a', '3'), deal('b', '1'), deal('c', '2')];
    grid.toggleSort('price');
    expect([0, 1, 2].map((i) => grid.rowAt(i)?.id)).toEqual(['b', 'c', 'a']);
    grid.toggleSort('price');
    expect([0, 1, 2].map((i) => grid.rowAt(i)?.id)).toEqual(['a', 'c', 'b']);
    grid.toggleSort('price');
    expect(grid.sort).toBeUndefined();
    expect([0, 1, 2].map((i) => grid.rowAt(i)?.id)).toEqual(['a', 'b', 'c']);
  });

  it('filters over shown text and decimal columns, keeping the sort, and exports only what matches', () => {
    const grid = new DataGridState('deals', columns, memoryStore());
    grid.rows = [deal('a1', '3.5'), deal('b2', '1.25'), deal('a3', '2'), deal('c4', '13.5', 0, 'a note')];
    grid.toggleSort('price');
    grid.active = 2;
    grid.setFilter('A');
    expect(grid.active).toBe(0);
    expect(grid.count).toBe(2);
    expect(grid.total).toBe(4);
    expect([0, 1].map((i) => grid.rowAt(i)?.id)).toEqual(['a3', 'a1']);
    expect(grid.rowAt(2)).toBeUndefined();
    // Hidden columns are not searched; shown ones are.
    grid.setColumnVisible('note', true);
    expect(grid.count).toBe(3);
    grid.setFilter('3.5');
    expect([0, 1].map((i) => grid.rowAt(i)?.id)).toEqual(['a1', 'c4']);
    expect(grid.toCsv().split('\r\n')).toHaveLength(4);
    grid.setFilter('  ');
    expect(grid.count).toBe(4);
  });

  it('remembers shown columns per grid id and never hides the last one', () => {
    const store = memoryStore();
    const grid = new DataGridState('deals', columns, store);
    expect(grid.visibleIds).toEqual(['id', 'price', 'time']);
    grid.setColumnVisible('note', true);
    grid.setColumnVisible('time', false);
    expect(grid.visibleColumns.map((c) => c.id)).toEqual(['id', 'price', 'note']);
    expect(new DataGridState('deals', columns, store).visibleIds).toEqual(['id', 'price', 'note']);
    expect(new DataGridState('other', columns, store).visibleIds).toEqual(['id', 'price', 'time']);
    grid.setColumnVisible('id', false);
    grid.setColumnVisible('price', false);
    expect(grid.setColumnVisible('note', false)).toBe(false);
    expect(grid.visibleIds).toEqual(['note']);
    // Junk or unknown ids in storage fall back to the defaults.
    store.setItem(columnsKey('deals'), '["gone"]');
    expect(new DataGridState('deals', columns, store).visibleIds).toEqual(['id', 'price', 'time']);
    store.setItem(columnsKey('deals'), '{oops');
    expect(new DataGridState('deals', columns, store).visibleIds).toEqual(['id', 'price', 'time']);
  });

  it('pads decimals to align their points without changing a digit', () => {
    const grid = new DataGridState('deals', columns, memoryStore());
    grid.rows = [deal('a', '1.5'), deal('b', '20.125'), deal('c', '7')];
    const price = columns[1] as GridColumn<Deal>;
    expect(grid.rows.map((r) => grid.cellText(price, r))).toEqual([
      '1.5\u2007\u2007',
      '20.125',
      '7\u2008\u2007\u2007\u2007',
    ]);
  });

  it('exports CSV of exactly the shown rows, order and columns, with exact values', () => {
    const grid = new DataGridState('deals', columns, memoryStore());
    grid.rows = [deal('a', '0.10', Date.UTC(2026, 0, 2, 3, 4, 5, 6), '=cmd'), deal('b', '-1.5', 0, 'x,y')];
    grid.setColumnVisible('note', true);
    grid.setColumnVisible('id', false);
    grid.toggleSort('price');
    expect(grid.toCsv()).toBe(
      'Price,Time (UTC),Note\r\n-1.5,1970-01-01T00:00:00.000Z,"x,y"\r\n0.10,2026-01-02T03:04:05.006Z,\'=cmd\r\n',
    );
  });

  it('draws only the rows in view, and reaches the last of a million past the height cap', () => {
    const grid = new DataGridState<number>(
      'big',
      [{ id: 'n', title: 'N', kind: 'text', value: String }],
      memoryStore(),
    );
    grid.rows = Array.from({ length: 1_000_000 }, (_, i) => i);
    grid.rowPx = 28;
    grid.viewportHeight = 560;
    expect(grid.spacerHeight).toBe(MAX_SCROLL_PX);
    expect(grid.window.first).toBe(0);
    expect(grid.window.count).toBeLessThan(40);
    grid.scrollTop = MAX_SCROLL_PX - 560;
    const { first, count, top } = grid.window;
    expect(first + count).toBe(1_000_000);
    // The last row's bottom meets the viewport's bottom.
    expect(top + count * 28).toBeCloseTo(MAX_SCROLL_PX, 5);
    grid.scrollTop = (MAX_SCROLL_PX - 560) / 2;
    expect(Math.abs(grid.window.first - 500_000)).toBeLessThan(40);
  });

  it('moves the highlighted row and says where to scroll to keep it in view', () => {
    const grid = new DataGridState<number>(
      'nav',
      [{ id: 'n', title: 'N', kind: 'text', value: String }],
      memoryStore(),
    );
    grid.rows = Array.from({ length: 100 }, (_, i) => i);
    grid.rowPx = 20;
    grid.viewportHeight = 200;
    expect(grid.moveActive(5)).toBeUndefined();
    expect(grid.moveActive(12)).toBe(13 * 20 - 200);
    grid.scrollTop = 60;
    expect(grid.moveActive(1)).toBe(20);
    expect(grid.moveActive(500)).toBe(100 * 20 - 200);
    expect(grid.active).toBe(99);
    expect(grid.moveActive(-3)).toBe(0);
    expect(grid.active).toBe(0);
    expect(grid.pageRows).toBe(9);
  });
});

describe('sortOrder against a plain comparator sort', () => {
  it('gives the same order on random data full of ties, in both directions', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // Values that tie as Numbers but differ as strings, repeats, negatives, text that is no number.
    const pool = [
      '0.1',
      '0.10',
      '0.1000000000000000000001',
      '-0.1',
      '5',
      '-5.000',
      'n/a',
      '1e3',
      '-1e3',
      '0x10',
      '',
      '1e999',
      '12.5',
      '3',
    ];
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: i,
      price: pool[random(pool.length)] as string,
      market: `M${random(7)}`,
      time: random(50) * 1000,
    }));
    const cols: GridColumn<(typeof rows)[number]>[] = [
      { id: 'price', title: 'Price', kind: 'decimal', value: (r) => r.price },
      { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market },
      { id: 'time', title: 'Time', kind: 'time', value: (r) => r.time },
    ];
    const reference = (col: GridColumn<(typeof rows)[number]>, sign: number) =>
      rows
        .map((_, i) => i)
        .sort((a, b) => {
          const x = col.value(rows[a] as (typeof rows)[number]);
          const y = col.value(rows[b] as (typeof rows)[number]);
          let c: number;
          if (typeof x === 'number' && typeof y === 'number') c = x - y;
          else if (col.kind === 'decimal') c = compareDecimal(String(x), String(y));
          else c = x < y ? -1 : x > y ? 1 : 0;
          return sign * c || a - b;
        });
    for (const col of cols) {
      expect([...sortOrder(rows, col, 'asc')], `${col.id} asc`).toEqual(reference(col, 1));
      expect([...sortOrder(rows, col, 'desc')], `${col.id} desc`).toEqual(reference(col, -1));
    }
  });
});
