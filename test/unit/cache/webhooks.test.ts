import { describe, expect, it } from 'vitest';
import {
  lastWebhookNonce,
  listWebhookEvents,
  recordWebhookEvent,
} from '../../../main/cache/repos/webhooks.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();
const event = (id: string, nonce: number, receivedAtMs = nonce) => ({
  id,
  account: 'main',
  method: 'code.apply',
  nonce,
  receivedAtMs,
  params: { code: 'X', nonce },
});

describe('webhook events', () => {
  it('stores a delivery once and reports a retried delivery as a duplicate', () => {
    expect(recordWebhookEvent(db.get(), event('u-1', 10))).toEqual({ stored: true });
    expect(recordWebhookEvent(db.get(), event('u-1', 10))).toEqual({ stored: false });
    expect(listWebhookEvents(db.get(), { account: 'main' })).toEqual([event('u-1', 10)]);
  });

  it('tracks the highest nonce and pages newest first across equal receive times', () => {
    expect(lastWebhookNonce(db.get(), 'main')).toBeNull();
    for (const [id, nonce] of [
      ['a', 1],
      ['b', 3],
      ['c', 2],
    ] as const) {
      recordWebhookEvent(db.get(), event(id, nonce, 100));
    }
    expect(lastWebhookNonce(db.get(), 'main')).toBe(3);
    const first = listWebhookEvents(db.get(), { account: 'main', limit: 2 });
    expect(first.map((e) => e.id)).toEqual(['c', 'b']);
    const last = first[1];
    const rest = listWebhookEvents(db.get(), {
      account: 'main',
      before: { receivedAtMs: last?.receivedAtMs ?? 0, id: last?.id ?? '' },
    });
    expect(rest.map((e) => e.id)).toEqual(['a']);
  });
});
