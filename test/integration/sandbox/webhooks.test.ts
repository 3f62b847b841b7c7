import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signPayload, start } from './support.ts';
import type { Harness } from './support.ts';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: { method: string; id: string; params: Record<string, unknown> };
}

let clock = Date.now();
let nonce = clock;
let h: Harness;
let consumer: Server;
let hookUrl = '';
let servedKeys: string[] = [];
let answer = 200;
/** The consumer answers each delivery once this settles. */
let hold: Promise<void> = Promise.resolve();
const received: Received[] = [];

beforeAll(async () => {
  consumer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/service-verification') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(servedKeys));
        return;
      }
      if (req.method === 'POST' && req.url === '/hook') {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] });
        const status = answer;
        void hold.then(() => res.writeHead(status).end());
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => consumer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/hook`;
  h = await start({ seed: 71, now: () => clock, webhooks: { retryIntervalMs: 60_000 } });
});
afterAll(async () => {
  await h.sandbox.close();
  await new Promise((resolve) => consumer.close(resolve));
});

function post(label: string, path: string, fields: Record<string, unknown> = {}) {
  nonce = Math.max(nonce + 1, clock);
  return h.client(label).post(path, fields, { nonce });
}

const methods = () => received.map((r) => r.body.method);

describe('sandbox webhooks', () => {
  let key = { apiKey: '', apiSecret: '' };

  it('enables a webhook only after the consumer domain serves its key', async () => {
    key = h.sandbox.control.webhooks.create('main', hookUrl);
    await expect(h.sandbox.control.webhooks.enable('main')).rejects.toThrow(/not verified/);
    servedKeys = [key.apiKey];
    await h.sandbox.control.webhooks.enable('main');
  });

  it('signs withdraw events with the webhook key and an increasing nonce; memo is an empty string', async () => {
    await post('main', '/api/v4/main-account/withdraw-pay', {
      ticker: 'USDT',
      amount: '50',
      address: '0x000000000000000000000000000000000000feed',
      uniqueId: 'wh-1',
    });
    await h.sandbox.control.webhooks.flush();
    expect(methods()).toEqual(['withdraw.created', 'withdraw.pending']);
    for (const r of received) {
      const payload = Buffer.from(r.raw, 'utf8').toString('base64');
      expect(r.headers['x-txc-apikey']).toBe(key.apiKey);
      expect(r.headers['x-txc-payload']).toBe(payload);
      expect(r.headers['x-txc-signature']).toBe(signPayload(payload, key.apiSecret));
      expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body.params).toMatchObject({ uniqueId: 'wh-1', amount: '50', memo: '' });
    }
    const [a, b] = received.map((r) => r.body.params['nonce'] as number);
    expect(b).toBeGreaterThan(a as number);
  });

  it('sends deposit processed and withdraw completed when they complete', async () => {
    received.length = 0;
    clock += 121_000;
    await post('main', '/api/v4/main-account/balance');
    await h.sandbox.control.webhooks.flush();
    expect(methods().sort()).toEqual(['deposit.processed', 'withdraw.completed']);
  });

  it('sends deposit accepted for an incoming deposit, held until it confirms', async () => {
    received.length = 0;
    h.sandbox.control.deposit('main', 'USDT', '25');
    const bal = await post('main', '/api/v4/main-account/balance', { ticker: 'USDT' });
    expect(bal.body.USDT.pending_deposit_amount).toBe('25');
    await h.sandbox.control.webhooks.flush();
    expect(methods()).toEqual(['deposit.accepted']);
  });

  it('sends refund.successful with a null memo', async () => {
    received.length = 0;
    const hist = await post('main', '/api/v4/main-account/history', { transactionMethod: 1, ticker: 'BTC' });
    const refunded = await post('main', '/api/v4/main-account/refund-deposit', {
      transactionId: hist.body.records[0].transaction_id,
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(refunded.status).toBe(200);
    clock += 121_000;
    await post('main', '/api/v4/main-account/balance');
    await h.sandbox.control.webhooks.flush();
    const refund = received.find((r) => r.body.method === 'refund.successful');
    expect(refund?.body.params['memo']).toBeNull();
  });

  it('sends code.apply to the owner of a code when it is applied', async () => {
    received.length = 0;
    const code = await post('main', '/api/v4/main-account/codes', {
      ticker: 'USDT',
      amount: '5',
      passphrase: 'pw-1',
    });
    const wrong = await post('sub-alpha', '/api/v4/main-account/codes/apply', {
      code: code.body.code,
      passphrase: 'nope',
    });
    expect(wrong.body.errors).toEqual({ code: ['Incorrect code or passphrase'] });
    const applied = await post('sub-alpha', '/api/v4/main-account/codes/apply', {
      code: code.body.code,
      passphrase: 'pw-1',
    });
    expect(applied.body).toMatchObject({ ticker: 'USDT', amount: '5', external_id: code.body.external_id });
    const again = await post('sub-alpha', '/api/v4/main-account/codes/apply', {
      code: code.body.code,
      passphrase: 'pw-1',
    });
    expect(Object.keys(again.body.errors)).toEqual(['code']);
    await h.sandbox.control.webhooks.flush();
    expect(methods()).toEqual(['code.apply']);
    expect(received[0]?.body.params).toMatchObject({ code: code.body.code, amount: '5' });
  });

  it('sends the canceled and failed ends of deposits, withdrawals and refunds', async () => {
    received.length = 0;
    const depositId = h.sandbox.control.deposit('main', 'ETH', '1');
    expect(h.sandbox.control.cancelTransaction(depositId)).toBe(true);
    await post('main', '/api/v4/main-account/withdraw-pay', {
      ticker: 'USDT',
      amount: '20',
      address: '0x0000000000000000000000000000000000000001',
      uniqueId: 'wh-c',
    });
    const before = (await post('main', '/api/v4/main-account/balance', { ticker: 'USDT' })).body.USDT
      .main_balance;
    expect(h.sandbox.control.cancelTransaction('wh-c')).toBe(true);
    const after = (await post('main', '/api/v4/main-account/balance', { ticker: 'USDT' })).body.USDT
      .main_balance;
    expect(Number(after) - Number(before)).toBe(21); // amount and fee come back
    const hist = await post('main', '/api/v4/main-account/history', { transactionMethod: 1, ticker: 'USDT' });
    const credited = (hist.body.records as Array<{ status: number; transaction_id: string }>).find(
      (r) => r.status === 3, // successful
    );
    await post('main', '/api/v4/main-account/refund-deposit', {
      transactionId: credited?.transaction_id,
      address: '0x0000000000000000000000000000000000000002',
    });
    expect(h.sandbox.control.failRefund(credited?.transaction_id as string)).toBe(true);
    await h.sandbox.control.webhooks.flush();
    expect(methods()).toEqual([
      'deposit.accepted',
      'deposit.canceled',
      'withdraw.created',
      'withdraw.pending',
      'withdraw.canceled',
      'refund.failed',
    ]);
    expect(received.at(-1)?.body.params).toMatchObject({ memo: null, status: 'canceled' });
  });

  it('a flush called while a round is out also delivers what was queued after that round began', async () => {
    received.length = 0;
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    try {
      h.sandbox.control.deposit('main', 'BTC', '0.2');
      const first = h.sandbox.control.webhooks.flush();
      await vi.waitFor(() => expect(received).toHaveLength(1)); // the first round is out, unanswered
      h.sandbox.control.deposit('main', 'BTC', '0.3');
      const second = h.sandbox.control.webhooks.flush();
      release();
      await Promise.all([first, second]);
      expect(received.map((r) => r.body.params['amount'])).toEqual(['0.2', '0.3']);
      expect(h.sandbox.control.webhooks.pending()).toBe(0);
    } finally {
      hold = Promise.resolve();
      release();
    }
  });

  it('retries a failed delivery later with the same id and a greater nonce', async () => {
    received.length = 0;
    answer = 500;
    h.sandbox.control.deposit('main', 'BTC', '0.1');
    await h.sandbox.control.webhooks.flush();
    expect(received).toHaveLength(1);
    expect(h.sandbox.control.webhooks.pending()).toBe(1);
    answer = 200;
    await h.sandbox.control.webhooks.flush();
    expect(received).toHaveLength(1); // not due yet
    clock += 60_000;
    await h.sandbox.control.webhooks.flush();
    expect(received).toHaveLength(2);
    expect(received[1]?.body.id).toBe(received[0]?.body.id);
    expect(received[1]?.body.params['nonce'] as number).toBeGreaterThan(
      received[0]?.body.params['nonce'] as number,
    );
    expect(h.sandbox.control.webhooks.pending()).toBe(0);
  });
});
