import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBody, signBody, signRequest } from '../../../main/exchange/signer.ts';

interface Vector {
  secret: string;
  body: string;
  payload: string;
  signature: string;
}

/** Known answers copied from the shared spec (checked there with two independent HMAC implementations). */
const vectors = (
  JSON.parse(readFileSync(new URL('./signing-vectors.json', import.meta.url), 'utf8')) as {
    vectors: Vector[];
  }
).vectors;

describe('signer', () => {
  it('has vectors to check against', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(3);
  });

  for (const [i, vector] of vectors.entries()) {
    it(`rebuilds vector ${i} byte for byte and signs it identically`, () => {
      const { request, nonce, nonceWindow, ...fields } = JSON.parse(vector.body) as Record<string, unknown>;
      expect(nonceWindow).toBe(true);
      const signed = signRequest(
        { apiKey: `key-${i}`, secret: vector.secret },
        request as string,
        nonce as number,
        fields,
      );
      expect(signed.body).toBe(vector.body);
      expect(signed.headers).toEqual({
        'Content-Type': 'application/json',
        'X-TXC-APIKEY': `key-${i}`,
        'X-TXC-PAYLOAD': vector.payload,
        'X-TXC-SIGNATURE': vector.signature,
      });
    });

    it(`signBody matches vector ${i}`, () => {
      expect(signBody(vector.body, vector.secret)).toEqual({
        payload: vector.payload,
        signature: vector.signature,
      });
    });
  }

  it('puts request, nonce and nonceWindow first, then the fields in their order', () => {
    expect(buildBody('/api/v4/orders', 5, { b: 1, a: '2' })).toBe(
      '{"request":"/api/v4/orders","nonce":5,"nonceWindow":true,"b":1,"a":"2"}',
    );
  });

  it('payload decodes to exactly the body sent, including non-ASCII text', () => {
    const signed = signRequest({ apiKey: 'k', secret: 's' }, '/api/v4/sub-account/api-key/edit', 9, {
      title: 'Desk ünï ✓',
    });
    expect(Buffer.from(signed.headers['X-TXC-PAYLOAD'], 'base64').toString('utf8')).toBe(signed.body);
    const expected = createHmac('sha512', 's').update(signed.headers['X-TXC-PAYLOAD']).digest('hex');
    expect(signed.headers['X-TXC-SIGNATURE']).toBe(expected);
    expect(signed.headers['X-TXC-SIGNATURE']).toMatch(/^[0-9a-f]{128}$/);
  });

  it('refuses fields that would override the reserved keys', () => {
    expect(() => buildBody('/api/v4/orders', 1, { nonce: 2 })).toThrow(/nonce/);
    expect(() => buildBody('/api/v4/orders', 1, { request: '/x' })).toThrow(/request/);
    expect(() => buildBody('/api/v4/orders', 1, { nonceWindow: false })).toThrow(/nonceWindow/);
  });

  it('refuses a non-path request and a non-integer nonce', () => {
    expect(() => buildBody('api/v4/orders', 1)).toThrow(/path/);
    expect(() => buildBody('/api/v4/orders', 1.5)).toThrow(/nonce/);
    expect(() => buildBody('/api/v4/orders', 0)).toThrow(/nonce/);
  });
});

describe('HMAC keyed with the credentials of each request', () => {
  const reference = (secret: string, payload: string) =>
    createHmac('sha512', secret).update(payload).digest('hex');

  it('signs with the new secret at once after a rotation', () => {
    const before = signRequest({ apiKey: 'k', secret: 'old' }, '/api/v4/trade-account/balance', 5);
    const after = signRequest({ apiKey: 'k', secret: 'new' }, '/api/v4/trade-account/balance', 5);
    expect(after.headers['X-TXC-SIGNATURE']).toBe(reference('new', after.headers['X-TXC-PAYLOAD']));
    expect(after.headers['X-TXC-SIGNATURE']).not.toBe(before.headers['X-TXC-SIGNATURE']);
  });
});
