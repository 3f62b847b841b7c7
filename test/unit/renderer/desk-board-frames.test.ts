// The board's rows as pushes bring them: every `board.rows` event of one frame merged together before
// it is drawn (the last row of an account wins, a removal and a return in one frame end as the
// return), nothing read, and the totals of rows a push left alone taken as they were.
import { describe, expect, it } from 'vitest';
import type { BoardRowView } from '../../../main/ipc/contract.ts';
import { DeskBoard, totalsOf } from '../../../renderer/src/lib/managers/desk-board.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const row = (account: string, free: string): BoardRowView => ({
  account,
  label: `Sandbox ${account}`,
  kind: 'sub',
  groups: [],
  keyState: 'valid',
  free,
  equity: free,
  openOrders: 1,
});

describe('DeskBoard rows by frame', () => {
  it('merges the rows of one frame together, once, and reads nothing', () => {
    const { api, emit, calls } = fakeBridge({});
    const board = new DeskBoard(api);
    board.rows = [row('a', '1'), row('b', '2'), row('c', '3')];
    const frames: Array<() => void> = [];
    const stop = board.listen((flush) => frames.push(flush));
    const before = board.rows;

    emit('board.rows', { rows: [row('a', '10')] });
    emit('board.rows', { rows: [row('a', '11'), row('d', '4')] });
    emit('board.rows', { rows: [], removed: ['b', 'c'] });
    emit('board.rows', { rows: [row('c', '30')] });
    // nothing drawn before the frame, and one frame asked for
    expect(board.rows).toBe(before);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(board.rows.map((r) => [r.account, r.free])).toEqual([
      ['a', '11'],
      ['c', '30'],
      ['d', '4'],
    ]);
    emit('board.rows', { rows: [row('d', '5')] });
    expect(frames).toHaveLength(2);
    stop();
    // a frame after the board was left draws nothing
    frames[1]?.();
    expect(board.rows.find((r) => r.account === 'd')?.free).toBe('4');
    expect(calls).toEqual([]);
  });

  it('totals a row by its own amounts, the same whether its object was totalled before or not', () => {
    const rows = [row('a', '1.5'), row('b', '2.25'), { ...row('c', '0'), free: undefined }];
    const first = totalsOf(rows);
    expect(first).toMatchObject({ free: '3.75', equity: '3.75', orders: 3 });
    const changed = [rows[0] as BoardRowView, row('b', '0.25'), rows[2] as BoardRowView];
    expect(totalsOf(changed)).toMatchObject({ free: '1.75', equity: '1.75' });
    expect(totalsOf(rows)).toEqual(first);
    // an amount that is not a decimal makes its total unknown, written 0
    expect(totalsOf([row('a', 'n/a')])).toMatchObject({ free: '0' });
  });
});
