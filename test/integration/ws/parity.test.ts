import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWs } from './support.ts';
import type { Peer, WsHarness } from './support.ts';

let h: WsHarness;
let p: Peer;
beforeAll(async () => {
  h = await startWs();
  p = await h.authorized('sub-noretail');
});
afterAll(async () => {
  await h.close();
});

/** The same order body refused by REST order/new and by order_limit_place, with the same text. */
const CASES: Array<[string, Record<string, unknown>, number]> = [
  ['no market', { side: 'buy', amount: '0.001', price: '60000' }, 1],
  ['unknown market', { market: 'NOPE_USDT', side: 'buy', amount: '0.001', price: '60000' }, 1],
  ['bad side', { market: 'BTC_USDT', side: 'up', amount: '0.001', price: '60000' }, 1],
  ['too many price decimals', { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000.123' }, 1],
  ['price off the tick', { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000.05' }, 1],
  ['amount off the step', { market: 'BTC_USDT', side: 'buy', amount: '0.00015', price: '60000' }, 1],
  ['below min amount', { market: 'LTC_USDT', side: 'buy', amount: '0.005', price: '80' }, 11],
  ['below min total', { market: 'LTC_USDT', side: 'buy', amount: '0.01', price: '80' }, 11],
  [
    'ioc with postOnly',
    { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000', ioc: true, postOnly: true },
    1,
  ],
  [
    'retail not enabled',
    { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000', retail: true },
    1,
  ],
  ['not enough balance', { market: 'BTC_USDT', side: 'buy', amount: '1', price: '60000' }, 10],
  ['bad stp', { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60000', stp: 'maybe' }, 1],
];

const snake = (body: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[k === 'postOnly' ? 'post_only' : k] = v;
  return out;
};

describe('WebSocket order methods validate exactly as REST', () => {
  it.each(CASES)('%s', async (_name, body, wsCode) => {
    const rest = await h.client('sub-noretail').post('/api/v4/order/new', body);
    expect(rest.status).not.toBe(200);
    const ws = await p.call('order_limit_place', [snake(body)]);
    expect(ws.result).toBeNull();
    expect(ws.error?.code).toBe(wsCode);
    const restText =
      Object.values((rest.body.errors ?? {}) as Record<string, string[]>)[0]?.[0] ?? rest.body.message;
    expect(ws.error?.message).toContain(restText);
  });

  it('leaves no trace of a refused order in either interface', async () => {
    const open = await h.client('sub-noretail').post('/api/v4/orders', {});
    expect(open.body).toEqual([]);
    expect((await p.call('ordersPending_request', ['BTC_USDT', 0, 10])).result.total).toBe(0);
  });
});
