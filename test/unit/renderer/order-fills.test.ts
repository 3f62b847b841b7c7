import { describe, expect, it } from 'vitest';
import type { OrderFillView } from '../../../main/ipc/contract.ts';
import { OrderFills } from '../../../renderer/src/lib/managers/order-fills.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const fill = (id: number): OrderFillView => ({
  id,
  time: 1_700_000_000 + id,
  price: '64250.5',
  amount: '0.0001',
  deal: '6.42505',
  fee: '0.00642505',
  feeAsset: 'USDT',
  role: 'maker',
});

describe("an order's fills in a list of orders", () => {
  it('opens one order at a time, drops the answer for an order opened before, and closes on a second press', async () => {
    const answers = new Map<number, (v: unknown) => void>();
    const { api, calls } = fakeBridge((procedure, input) => {
      if (procedure !== 'orders.deals') return { ok: false, error: { code: 'x', message: 'x' } };
      const { orderId } = input as { orderId: number };
      return new Promise((resolve) => answers.set(orderId, resolve));
    });
    const fills = new OrderFills(api);
    const first = fills.toggle(ACCOUNT, 7);
    expect(fills.loading).toBe(true);
    // another order opened before the first answered: the first's fills never show under it
    const second = fills.toggle(ACCOUNT, 9);
    answers.get(9)?.({ ok: true, value: [fill(2), fill(1)] });
    await second;
    answers.get(7)?.({ ok: true, value: [fill(5)] });
    await first;
    expect(fills.orderId).toBe(9);
    expect(fills.fills.map((f) => f.id)).toEqual([2, 1]);
    expect(calls.filter(([p]) => p === 'orders.deals').map(([, i]) => i)).toEqual([
      { accountId: ACCOUNT, orderId: 7 },
      { accountId: ACCOUNT, orderId: 9 },
    ]);

    await fills.toggle(ACCOUNT, 9);
    expect(fills.orderId).toBeUndefined();
    expect(fills.fills).toEqual([]);
  });

  it('keeps the refusal to show with a retry, and a retry that succeeds clears it', async () => {
    let fail = true;
    const { api } = fakeBridge((procedure) =>
      procedure === 'orders.deals'
        ? fail
          ? { ok: false, error: { code: 'exchange_unavailable', message: 'The exchange did not answer.' } }
          : { ok: true, value: [fill(1)] }
        : undefined,
    );
    const fills = new OrderFills(api);
    await fills.toggle(ACCOUNT, 7);
    expect(fills.error?.message).toBe('The exchange did not answer.');
    fail = false;
    await fills.load();
    expect(fills.error).toBeUndefined();
    expect(fills.fills).toHaveLength(1);
  });
});
