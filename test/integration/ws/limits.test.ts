import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Peer, startWs } from './support.ts';
import type { WsHarness } from './support.ts';

describe('per-connection limits (the spec numbers)', () => {
  let h: WsHarness;
  beforeAll(async () => {
    h = await startWs();
  });
  afterAll(async () => {
    await h.close();
  });

  it('12,000 requests per 10 s, then error 7; placements keep their own budget', async () => {
    const p = await h.authorized('main');
    // authorize was request 1
    const answers = await Promise.all(Array.from({ length: 12_000 }, () => p.call('ping')));
    expect(answers.slice(0, 11_999).every((a) => a.result === 'pong')).toBe(true);
    expect(answers[11_999]?.error).toEqual({ code: 7, message: 'Too many requests' });
    const place = await p.call('order_limit_place', [
      { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000' },
    ]);
    expect(place.error).toBeNull();
    p.close();
  });

  it('10,000 order placements per 10 s, then error 7; other requests keep their own budget', async () => {
    const p = await h.authorized('main');
    const answers = await Promise.all(
      Array.from({ length: 10_001 }, () => p.call('order_limit_place', [{}])),
    );
    expect(answers.slice(0, 10_000).every((a) => a.error?.code === 1)).toBe(true);
    expect(answers[10_000]?.error?.code).toBe(7);
    expect((await p.call('ping')).result).toBe('pong');
    p.close();
  });
});

describe('idle timeout', () => {
  it('closes a connection that sends nothing for the idle period', async () => {
    const h = await startWs({}, { idleMs: 60 });
    const p = await Peer.open(h.url);
    expect((await p.call('ping')).result).toBe('pong');
    await p.until(() => p.closed);
    expect(p.closed?.code).toBe(1000);
    await h.close();
  });

  it('a message that reached the socket before the deadline keeps the connection, however busy the process', async () => {
    const h = await startWs({}, { idleMs: 60 });
    const p = await Peer.open(h.url);
    // The ping is written to the socket, then the whole process stalls past the idle deadline before
    // the server can read it: the deadline and the ping are handled in the same turn of the loop.
    const answered = p.call('ping');
    const busyUntil = performance.now() + 200;
    while (performance.now() < busyUntil);
    expect((await answered).result).toBe('pong');
    expect((await p.call('ping')).result).toBe('pong');
    expect(p.closed).toBeUndefined();
    p.close();
    await h.close();
  });
});

describe('connection limit and fault injection', () => {
  let h: WsHarness;
  beforeAll(async () => {
    h = await startWs({}, { limits: { connections: { limit: 3, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('drops every connection now, and at random intervals', async () => {
    const a = await Peer.open(h.url);
    const b = await Peer.open(h.url);
    expect(h.ws.connections).toBe(2);
    expect(h.ws.dropAll()).toBe(2);
    await a.until(() => a.closed);
    await b.until(() => b.closed);
    expect(a.closed?.code).toBe(1006);
    const c = await Peer.open(h.url);
    h.ws.dropAtRandom({ minMs: 5, maxMs: 20, seed: 3 });
    await c.until(() => c.closed);
    h.ws.dropAtRandom(undefined);
    expect(c.closed?.code).toBe(1006);
  });

  it('refuses new connections above the per-minute limit with HTTP 429', async () => {
    // three connections were opened by the test above
    await expect(Peer.open(h.url)).rejects.toThrow(/429/);
  });
});
