import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { reconcileWebhooks } from '../../../main/webhooks/reconciler.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../main/webhooks/receiver.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness;
let cache: Cache;
let receiver: WebhookReceiver;
const secrets = new Map<string, string>();
const keys: Array<{ account: string; apiKey: string; verifying?: boolean }> = [];
let hook = { apiKey: '', apiSecret: '' };

beforeAll(async () => {
  // The exchange gives an event up after its first failed delivery here: a delivery dropped is dropped
  // for good (with retries, one could land after the receiver is back, before the reconciler reads).
  h = await startHarness({ webhooks: { retryIntervalMs: 50, maxAttempts: 1 } });
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-hooks-')),
    profile: 'test',
    readWorkers: 0,
  });
  receiver = await startWebhookReceiver({
    cache,
    secret: (account) => Promise.resolve(secrets.get(account)),
    keys: () => keys,
  });
  hook = h.sandbox.control.webhooks.create('main', `${receiver.url}/hook`);
  // Just set up: the exchange is verifying the domain now.
  keys.push({ account: 'main', apiKey: hook.apiKey, verifying: true });
  secrets.set('main', hook.apiSecret);
});
afterAll(async () => {
  await receiver?.close();
  await cache?.close();
  await h?.close();
});

async function stored() {
  return cache.webhooks.list({ account: 'main' });
}

function signed(body: string, secret = hook.apiSecret, payload = Buffer.from(body).toString('base64')) {
  return {
    'content-type': 'application/json',
    'x-txc-apikey': hook.apiKey,
    'x-txc-payload': payload,
    'x-txc-signature': createHmac('sha512', secret).update(payload).digest('hex'),
  };
}

describe('webhook receiver', () => {
  it('passes domain verification with the served key, then stores the signed events the sandbox sends', async () => {
    await h.sandbox.control.webhooks.enable('main');
    await mainAccount.withdrawPay(h.as('main'), {
      ticker: 'USDT',
      amount: '12',
      address: '0x000000000000000000000000000000000000feed',
      uniqueId: 'hook-1',
    });
    await h.sandbox.control.webhooks.flush();
    const events = await stored();
    expect(events.map((e) => e.method).sort()).toEqual(['withdraw.created', 'withdraw.pending']);
    expect(events.every((e) => (e.params as { uniqueId: string }).uniqueId === 'hook-1')).toBe(true);
  });

  it('stores an event delivered twice (same id, greater nonce) once', async () => {
    const [first] = await stored();
    if (!first) throw new Error('nothing stored');
    const body = JSON.stringify({
      method: first.method,
      id: first.id,
      params: { ...(first.params as object), nonce: first.nonce + 1000 },
    });
    const res = await fetch(`${receiver.url}/hook`, { method: 'POST', headers: signed(body), body });
    expect(res.status).toBe(200);
    expect((await stored()).filter((e) => e.id === first.id)).toHaveLength(1);
  });

  it('refuses a forged signature, a replayed nonce, a payload that is not the body, malformed JSON and a 2 MB body', async () => {
    const before = (await stored()).length;
    const fresh = (nonce: number, id: string) =>
      JSON.stringify({ method: 'deposit.accepted', id, params: { nonce } });
    const now = Date.now() + 10_000_000;
    const attempts: Array<[string, RequestInit]> = [
      ['forged', { body: fresh(now, 'a1'), headers: signed(fresh(now, 'a1'), 'f'.repeat(32)) }],
      ['replayed nonce', { body: fresh(1, 'a2'), headers: signed(fresh(1, 'a2')) }],
      [
        'payload mismatch',
        {
          body: fresh(now, 'a3'),
          headers: signed(fresh(now, 'a3'), hook.apiSecret, Buffer.from(fresh(now, 'zz')).toString('base64')),
        },
      ],
      ['malformed', { body: '{"method":', headers: signed('{"method":') }],
      [
        'no nonce',
        {
          body: JSON.stringify({ method: 'x', id: 'a4', params: {} }),
          headers: signed(JSON.stringify({ method: 'x', id: 'a4', params: {} })),
        },
      ],
    ];
    const big = 'x'.repeat(2 * 1024 * 1024);
    attempts.push(['2 MB', { body: big, headers: signed(big) }]);
    for (const [what, init] of attempts) {
      const res = await fetch(`${receiver.url}/hook`, { method: 'POST', ...init });
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
    }
    expect(await stored()).toHaveLength(before);
  });

  it('names for domain verification only the key asked, or the keys being verified just now', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${receiver.url}${path}`);
      return { status: res.status, text: await res.text() };
    };
    expect(await get('/service-verification')).toEqual({ status: 200, text: JSON.stringify([hook.apiKey]) });
    expect(await get('/service-verification.txt')).toEqual({ status: 200, text: hook.apiKey });
    keys.push({ account: 'sub', apiKey: 'f'.repeat(32) });
    const main = keys[0];
    if (!main) throw new Error('no key');
    main.verifying = false;
    try {
      // Verified: nobody who does not know a key learns it any more.
      expect((await get('/service-verification')).status).toBe(404);
      expect((await get('/service-verification.txt')).status).toBe(404);
      expect(await get(`/service-verification?key=${hook.apiKey}`)).toEqual({
        status: 200,
        text: JSON.stringify([hook.apiKey]),
      });
      expect(await get(`/service-verification.txt?key=${hook.apiKey}`)).toEqual({
        status: 200,
        text: hook.apiKey,
      });
      expect((await get('/service-verification?key=0123456789abcdef')).status).toBe(404);
    } finally {
      keys.pop();
    }
  });

  it('fills in an event whose delivery was dropped, from the deposit/withdraw history, marked as reconciled', async () => {
    // The receiver is away while the exchange delivers: every attempt fails.
    keys.length = 0;
    await mainAccount.withdrawPay(h.as('main'), {
      ticker: 'USDT',
      amount: '13',
      address: '0x000000000000000000000000000000000000feed',
      uniqueId: 'hook-lost',
    });
    await h.sandbox.control.webhooks.flush();
    expect(h.sandbox.control.webhooks.pending()).toBe(0);
    keys.push({ account: 'main', apiKey: hook.apiKey });
    const before = await stored();
    expect(before.some((e) => (e.params as { uniqueId?: string }).uniqueId === 'hook-lost')).toBe(false);

    const filled = await reconcileWebhooks({ cache, caller: h.as('main'), account: 'main' });
    expect(filled).toBeGreaterThan(0);
    const lost = (await stored()).filter((e) => (e.params as { uniqueId?: string }).uniqueId === 'hook-lost');
    expect(lost.map((e) => e.method)).toEqual(['withdraw.pending']);
    expect(lost[0]?.params).toMatchObject({ source: 'reconciler' });
    // Reconciling again adds nothing.
    expect(await reconcileWebhooks({ cache, caller: h.as('main'), account: 'main' })).toBe(0);
  });
});
