import { describe, expect, it } from 'vitest';
import type { IpcError } from '../../../main/ipc/contract.ts';
import { errorFor, settled, unclaimedError } from '../../../renderer/src/lib/managers/errors.ts';

const price: IpcError = {
  code: 'invalid_input',
  message: 'Price must be a multiple of 0.01.',
  field: 'orders.0.price',
};
const general: IpcError = { code: 'rate_limited', message: 'Too many requests; try again in 2 s.' };

describe('errors next to the fields they name', () => {
  it('gives a field its own error, or a group all of its fields', () => {
    expect(errorFor(price, 'orders.0.price')).toBe(price);
    expect(errorFor(price, 'orders.0')).toBe(price);
    expect(errorFor(price, 'orders.0.amount')).toBeUndefined();
    expect(errorFor(price, 'orders.0.pri')).toBeUndefined();
    expect(errorFor(general, 'orders.0.price')).toBeUndefined();
    expect(errorFor(undefined, 'price')).toBeUndefined();
  });

  it('leaves errors no field claims to the form', () => {
    expect(unclaimedError(price, ['orders.0.price', 'orders.0.amount'])).toBeUndefined();
    expect(unclaimedError(price, ['orders.0.amount'])).toBe(price);
    expect(unclaimedError(general, ['orders.0.price'])).toBe(general);
  });
});

describe("how a request ended, said in a manager's error field", () => {
  it('shows the error of a refusal and clears it once a value comes', () => {
    let shown: IpcError | undefined;
    const say = (error: IpcError | undefined) => (shown = error);
    expect(settled({ ok: false, error: general }, say)).toBe(false);
    expect(shown).toBe(general);
    const reply = { ok: true as const, value: 3 };
    expect(settled(reply, say)).toBe(true);
    expect(shown).toBeUndefined();
  });
});
