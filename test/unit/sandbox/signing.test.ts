import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sign } from '../../../main/sandbox/http/auth.ts';
import { LIMIT_GROUPS, RateLimiter } from '../../../main/sandbox/http/rate-limit.ts';

interface Vector {
  secret: string;
  body: string;
  payload: string;
  signature: string;
}

const vectors = (
  JSON.parse(
    readFileSync(new URL('../../../../shared/spec/signing-vectors.json', import.meta.url), 'utf8'),
  ) as {
    vectors: Vector[];
  }
).vectors;

describe('sandbox signature verifier', () => {
  it('has known-answer vectors to check', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(3);
  });
  for (const [i, v] of vectors.entries()) {
    it(`reproduces payload and signature of vector ${i}`, () => {
      expect(Buffer.from(v.body, 'utf8').toString('base64')).toBe(v.payload);
      expect(sign(v.payload, v.secret)).toBe(v.signature);
      expect(sign(v.payload, v.secret.replace(/^./, 'f'))).not.toBe(v.signature);
    });
  }
});

describe('sandbox rate limiter', () => {
  it('pins the limits table of the spec', () => {
    expect(LIMIT_GROUPS.orders).toEqual({ limit: 10000, windowMs: 10_000 });
    expect(LIMIT_GROUPS.history).toEqual({ limit: 12000, windowMs: 10_000 });
    expect(LIMIT_GROUPS.account).toEqual({ limit: 1000, windowMs: 10_000 });
    expect(LIMIT_GROUPS.publicCollateral).toEqual({ limit: 2000, windowMs: 10_000 });
  });

  it('allows exactly the limit per sliding 10 s window, per subject and group', () => {
    const rl = new RateLimiter();
    for (let i = 0; i < 10000; i++) expect(rl.take('k1', 'orders', 1000 + i / 10)).toBe(0);
    expect(rl.take('k1', 'orders', 1999)).toBeGreaterThan(0);
    expect(rl.take('k2', 'orders', 1999)).toBe(0);
    expect(rl.take('k1', 'history', 1999)).toBe(0);
    // the first request (t=1000) leaves the window at t=11000
    expect(rl.take('k1', 'orders', 10_999)).toBeGreaterThan(0);
    expect(rl.take('k1', 'orders', 11_000)).toBe(0);
    expect(rl.take('k1', 'orders', 11_000)).toBeGreaterThan(0);
  });
});
