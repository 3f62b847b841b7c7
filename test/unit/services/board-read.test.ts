import { describe, expect, it } from 'vitest';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import type { RawAnswer, Sender } from '../../../main/exchange/http-send.ts';
import { ExchangeHttp } from '../../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { RateLimits } from '../../../main/exchange/rate-limit.ts';
import { readAccounts, type Reading } from '../../../main/features/desk/board-read.ts';
import type { AccountRecord } from '../../../main/vault/registry.ts';

const ANSWERS: Record<string, string> = {
  '/api/v4/trade-account/balance': '{"USDT":{"available":"1","freeze":"0"}}',
  '/api/v4/collateral-account/balance': '{"USDT":"2"}',
  '/api/v4/collateral-account/positions/open': '[]',
  '/api/v4/orders': '[]',
};

/** An exchange whose answers the test releases one by one, keeping count of requests out at once. */
function heldExchange() {
  const held: Array<{ key: string; path: string; answer: () => void }> = [];
  let out = 0;
  let most = 0;
  const sender: Sender = (url, request) =>
    new Promise<RawAnswer>((resolve) => {
      out += 1;
      most = Math.max(most, out);
      const path = new URL(url).pathname;
      held.push({
        key: request.headers['X-TXC-APIKEY'] ?? '',
        path,
        answer: () => {
          out -= 1;
          resolve({ status: 200, text: ANSWERS[path] ?? '{}', retryAfter: null });
        },
      });
    });
  const http = new ExchangeHttp({
    baseUrl: 'http://exchange.test',
    nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
    limits: new RateLimits(),
    sender,
  });
  return { held, http, most: () => most };
}

const account = (id: string) => ({ id }) as AccountRecord;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('readAccounts', () => {
  it('keeps the requests out at the limit, not the accounts, and hands over each account once all five are back', async () => {
    const { held, http, most } = heldExchange();
    const done: Array<{ reading: Reading; requests: number }> = [];
    const reading = readAccounts({
      desk: ['a', 'b', 'c'].map(account),
      caller: async (a) => new KeyCaller(http, { apiKey: `key-${a.id}`, secret: 'secret' }),
      now: () => 1_000,
      inFlight: 7,
      done: (r, requests) => done.push({ reading: r, requests }),
    });
    await turn();
    // a's five and b's first two are out.
    expect(held.map((h) => h.key)).toEqual(['key-a', 'key-a', 'key-a', 'key-a', 'key-a', 'key-b', 'key-b']);
    // One answer of a frees a slot for b at once, though a is not done.
    held[0]?.answer();
    await turn();
    expect(held).toHaveLength(8);
    expect(done).toEqual([]);
    for (const h of held.slice(1, 5)) h.answer();
    await turn();
    expect(done.map((d) => d.reading.account)).toEqual(['a']);
    expect(done[0]?.requests).toBe(5);
    expect(done[0]?.reading).toMatchObject({ key: 'valid', spot: { USDT: { available: '1' } }, orders: [] });
    // Every answer released in turn ends the rest, never more than 7 out.
    while (done.length < 3) {
      for (const h of held.splice(0)) h.answer();
      await turn();
    }
    await reading;
    expect(most()).toBe(7);
    expect(done.map((d) => d.reading.account)).toEqual(['a', 'b', 'c']);
  });

  it('reads nothing of an account whose key cannot be had, and says so', async () => {
    const { held, http } = heldExchange();
    const done: Reading[] = [];
    const reading = readAccounts({
      desk: [account('gone'), account('ok')],
      caller: async (a) => {
        if (a.id === 'gone') throw new Error('no key');
        return new KeyCaller(http, { apiKey: 'key-ok', secret: 'secret' });
      },
      now: () => 1_000,
      inFlight: 8,
      done: (r) => done.push(r),
    });
    await turn();
    expect(held.map((h) => h.key)).toEqual(['key-ok', 'key-ok', 'key-ok', 'key-ok', 'key-ok']);
    for (const h of held.splice(0)) h.answer();
    await reading;
    expect(done[0]).toMatchObject({ account: 'gone', key: 'unknown' });
    expect(done[0]?.problem).toBeTruthy();
    expect(done[0]?.spot).toBeUndefined();
    expect(done[1]).toMatchObject({ account: 'ok', key: 'valid' });
  });
});
