import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import {
  CollateralAccountManager,
  POSITIONS_RELOAD_MS,
} from '../../../renderer/src/lib/managers/collateral-account.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';
import { ACCOUNT, OTHER, long, sandboxLike } from './positions-fixtures.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CollateralAccountManager', () => {
  it('reads the overview again once a burst of position changes settles, and not for the same positions', async () => {
    let reads = 0;
    const { api } = fakeBridge((procedure, input) =>
      procedure === 'positions.collateral'
        ? { ok: true, value: { balances: { USDT: '1000' }, margin: String(32 * ++reads) } }
        : sandboxLike(procedure, input),
    );
    const m = new CollateralAccountManager(api);
    await m.follow(ACCOUNT);
    expect(reads).toBe(1);
    expect(m.overview?.margin).toBe('32');

    // The first positions seen only set what later ones are compared with; the same ones again read nothing.
    m.positionsNow(ACCOUNT, [long]);
    const moreMargin: PositionView = { ...long, margin: '33' };
    m.positionsNow(ACCOUNT, [moreMargin]);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS * 2);
    expect(reads).toBe(1);

    // A fill grows the position, then a liquidation takes it: one read once they settle.
    m.positionsNow(ACCOUNT, [{ ...long, amount: '0.02' }]);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS / 2);
    m.positionsNow(ACCOUNT, []);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS - 1);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
    expect(m.overview?.margin).toBe('64');

    // A position opens (one read), then a leverage change: the same size held with another margin,
    // at another level (one read more; the header's margin in use follows the rows).
    m.positionsNow(ACCOUNT, [long]);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS);
    expect(reads).toBe(3);
    m.positionsNow(ACCOUNT, [{ ...long, margin: '6.4' }]);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS);
    expect(reads).toBe(4);

    // Another account's positions are not this overview's.
    m.positionsNow(OTHER, [long]);
    m.positionsNow(OTHER, []);
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS * 2);
    expect(reads).toBe(4);

    // Stopped: a change waiting to be read is dropped.
    m.positionsNow(ACCOUNT, []);
    m.positionsNow(ACCOUNT, [long]);
    await m.stop();
    await vi.advanceTimersByTimeAsync(POSITIONS_RELOAD_MS * 2);
    expect(reads).toBe(4);
  });
});
