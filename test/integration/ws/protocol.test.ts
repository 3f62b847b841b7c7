import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Peer, startWs } from './support.ts';
import type { WsHarness } from './support.ts';

let h: WsHarness;
beforeAll(async () => {
  h = await startWs();
});
afterAll(async () => {
  await h.close();
});

describe('sandbox WebSocket frames', () => {
  it('answers ping with "pong" and time with the server time in seconds', async () => {
    const p = await Peer.open(h.url);
    expect(await p.call('ping')).toEqual({ id: 1, result: 'pong', error: null });
    const t = await p.call('time');
    expect(t.error).toBeNull();
    expect(Math.abs(t.result - Date.now() / 1000)).toBeLessThan(5);
    p.close();
  });

  it('closes the connection on invalid JSON', async () => {
    const p = await Peer.open(h.url);
    p.ws.send('{not json');
    await p.until(() => p.closed);
    expect(p.closed?.code).toBe(1003);
  });

  it('answers an unknown method with error 4 and keeps the connection', async () => {
    const p = await Peer.open(h.url);
    const a = await p.call('nosuch_method');
    expect(a.error?.code).toBe(4);
    expect(a.result).toBeNull();
    expect((await p.call('ping')).result).toBe('pong');
    p.close();
  });

  it('refuses upgrades on other paths', async () => {
    await expect(Peer.open(h.url.replace('/ws', '/other'))).rejects.toThrow();
  });
});

describe('authorize', () => {
  it('private channels and order methods before authorize answer error 6', async () => {
    const p = await Peer.open(h.url);
    for (const m of [
      'balanceSpot_subscribe',
      'ordersPending_request',
      'deals_subscribe',
      'order_limit_place',
    ]) {
      const a = await p.call(m, m.endsWith('_place') ? [{}] : []);
      expect(a.error?.code, m).toBe(6);
    }
    p.close();
  });

  it('accepts a token from the REST route once, and refuses unknown or reused tokens', async () => {
    const token = await h.token('main');
    const p = await Peer.open(h.url);
    expect((await p.call('authorize', ['not-a-token', 'public'])).error?.code).toBe(6);
    expect(await p.call('authorize', [token, 'public'])).toMatchObject({
      result: { status: 'success' },
      error: null,
    });
    const balances = await p.call('balanceSpot_request', ['USDT']);
    expect(balances.result).toEqual({ USDT: { available: '50000', freeze: '0' } });
    const q = await Peer.open(h.url);
    expect((await q.call('authorize', [token, 'public'])).error?.code).toBe(6);
    p.close();
    q.close();
  });

  it('a token authorizes the account of the key that asked for it', async () => {
    const p = await h.authorized('sub-alpha');
    const balances = await p.call('balanceSpot_request', ['USDT', 'ETH']);
    expect(balances.result).toEqual({
      USDT: { available: '20000', freeze: '0' },
      ETH: { available: '5', freeze: '0' },
    });
  });
});

describe('closing the sandbox', () => {
  it('ends open WebSocket connections instead of waiting for them', async () => {
    const k = await startWs();
    const p = await Peer.open(k.url);
    expect((await p.call('ping')).result).toBe('pong');
    await k.sandbox.close();
    await p.until(() => p.closed);
    expect(k.ws.connections).toBe(0);
    await k.ws.close();
  });
});
