import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/sandbox/http/errors.ts';
import { notEnough } from '../../../main/sandbox/ledger.ts';
import { SlidingWindow } from '../../../main/sandbox/ws/limits.ts';
import { orderError, restBody } from '../../../main/sandbox/ws/orders.ts';
import { RpcFailure, parseRequest, stringList } from '../../../main/sandbox/ws/protocol.ts';

describe('SlidingWindow', () => {
  it('allows `limit` events in any window and frees a slot exactly when the oldest leaves it', () => {
    const w = new SlidingWindow({ limit: 3, windowMs: 1000 });
    expect([w.take(0), w.take(10), w.take(20), w.take(999)]).toEqual([true, true, true, false]);
    expect(w.take(1000)).toBe(true);
    expect(w.take(1009)).toBe(false);
    expect(w.take(1010)).toBe(true);
  });
});

describe('parseRequest', () => {
  it('reads requests and refuses what is not one', () => {
    expect(parseRequest('{"id":3,"method":"ping","params":[]}')).toEqual({
      id: 3,
      method: 'ping',
      params: [],
    });
    expect(parseRequest('{"id":"a","method":"time"}')).toEqual({ id: 'a', method: 'time', params: [] });
    expect(parseRequest('{bad')).toBeNull();
    expect(parseRequest('[1,2]')).toBeNull();
    expect(parseRequest('{"id":1}')).toBeNull();
    expect(parseRequest('{"id":{},"method":"ping"}')).toBeNull();
  });

  it('takes market lists flat or nested', () => {
    expect(stringList(['A', 'B'], 'markets')).toEqual(['A', 'B']);
    expect(stringList([['A', 'B']], 'markets')).toEqual(['A', 'B']);
    expect(() => stringList([1], 'markets')).toThrow(RpcFailure);
  });
});

describe('order error numbers', () => {
  it('renumbers REST failures to the WebSocket order errors', () => {
    const e = (body: unknown): ApiError => new ApiError(422, body);
    const gone = {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    };
    expect(orderError(new ApiError(400, gone)).code).toBe(6);
    expect(orderError(notEnough()).code).toBe(10);
    expect(
      orderError(
        e({
          code: 30,
          message: 'Validation failed',
          errors: { amount: ['Given amount is less than min amount 0.01.'] },
        }),
      ).code,
    ).toBe(11);
    const taken = { clientOrderId: ['This client order id is already used by the current account.'] };
    expect(orderError(e({ code: 36, message: 'Validation failed', errors: taken })).code).toBe(43);
    expect(orderError(e({ code: 114, message: 'x', errors: { positionSide: ['x'] } })).code).toBe(114);
    expect(
      orderError(
        e({ code: 30, message: 'Validation failed', errors: { side: ['The selected side is invalid.'] } }),
      ),
    ).toEqual({
      code: 1,
      message: 'side: The selected side is invalid.',
    });
    expect(orderError(new Error('boom')).code).toBe(2);
  });

  it('maps snake_case fields to the REST names', () => {
    expect(restBody({ client_order_id: 'a', post_only: true, order_id: 5, activation_price: '1' })).toEqual({
      clientOrderId: 'a',
      postOnly: true,
      orderId: 5,
      activation_price: '1',
    });
  });
});
