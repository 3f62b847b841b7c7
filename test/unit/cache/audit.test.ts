import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import {
  AUDIT_RETENTION_MS,
  listSignedRequests,
  pruneSignedRequests,
  recordSignedRequest,
  recordSignedRequests,
  type SignedRequest,
} from '../../../main/cache/repos/audit.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

describe('signed request audit log', () => {
  it('records path, account, time and outcome, and lists newest first by keyset', () => {
    for (let i = 1; i <= 5; i++) {
      recordSignedRequest(db.get(), {
        atMs: i,
        account: i % 2 ? 'main' : 'sub',
        path: '/api/v4/order/new',
        outcome: i === 3 ? 'rejected' : 'ok',
        ...(i === 3 ? { httpStatus: 422, errorCode: 'validation_failed' } : {}),
      });
    }
    const first = listSignedRequests(db.get(), { account: 'main', limit: 2 });
    expect(first.map((e) => e.atMs)).toEqual([5, 3]);
    expect(first[1]).toMatchObject({ outcome: 'rejected', httpStatus: 422, errorCode: 'validation_failed' });
    const next = listSignedRequests(db.get(), { account: 'main', before: first[1]?.id ?? 0 });
    expect(next.map((e) => e.atMs)).toEqual([1]);
  });

  it.each([
    ['a signature field', { signature: 'abcdef' }],
    ['a secret field', { secret: 's3cret' }],
    ['a payload field', { payload: 'eyJ9' }],
    ['a path carrying a query', { path: '/api/v4/order/new?secret=x' }],
    ['a free-text error', { errorCode: 'Unauthorized request. key=abc' }],
  ])('refuses an entry with %s and stores nothing', (_, extra) => {
    const entry = { atMs: 1, account: 'main', path: '/api/v4/order/new', outcome: 'ok', ...extra };
    expect(() => recordSignedRequest(db.get(), entry as never)).toThrow(CacheInputError);
    expect(listSignedRequests(db.get())).toEqual([]);
  });

  it('records a batch in one go, and a batch with one bad entry stores none of it', () => {
    const entry = (atMs: number) => ({
      atMs,
      account: 'main',
      path: '/api/v4/orders',
      outcome: 'ok' as const,
    });
    expect(recordSignedRequests(db.get(), [entry(1), entry(2), entry(3)])).toBe(3);
    expect(listSignedRequests(db.get()).map((e) => e.atMs)).toEqual([3, 2, 1]);
    const bad = { ...entry(5), secret: 's3cret' } as never;
    expect(() => recordSignedRequests(db.get(), [entry(4), bad])).toThrow(CacheInputError);
    expect(listSignedRequests(db.get())).toHaveLength(3);
  });

  describe('retention', () => {
    const DAY = 86_400_000;
    const NOW = Date.UTC(2026, 10, 26);
    const at = (atMs: number, account = 'sub-1'): SignedRequest => ({
      atMs,
      account,
      path: '/api/v4/orders',
      outcome: 'ok',
      httpStatus: 200,
    });
    const times = () =>
      listSignedRequests(db.get(), { limit: 1000 })
        .map((e) => e.atMs)
        .sort((a, b) => a - b);

    it('drops what is older than 400 days as entries are written, and keeps the rest', () => {
      const old = NOW - AUDIT_RETENTION_MS - DAY;
      recordSignedRequests(db.get(), [at(old, 'main'), at(old + 1), at(old + 2, 'sub-2')]);
      recordSignedRequests(db.get(), [at(NOW - AUDIT_RETENTION_MS + DAY), at(NOW - DAY), at(NOW)]);
      expect(times()).toEqual([NOW - AUDIT_RETENTION_MS + DAY, NOW - DAY, NOW]);
    });

    it('prunes at most once an hour of written time, so a refresh of thousands of entries is not slowed', () => {
      recordSignedRequests(db.get(), [at(NOW)]);
      // Written after the first prune, already past the retention of the next write's time.
      recordSignedRequests(db.get(), [at(NOW - AUDIT_RETENTION_MS - DAY), at(NOW + 1_000)]);
      expect(times()).toHaveLength(3);
      recordSignedRequests(db.get(), [at(NOW + 3_600_000)]);
      expect(times()).toEqual([NOW, NOW + 1_000, NOW + 3_600_000]);
    });

    it('never drops an entry newer than the cut, whatever order the clock wrote them in', () => {
      const cut = NOW - AUDIT_RETENTION_MS;
      const written = [cut - 5, cut - 4, cut + 10, cut - 3, cut + 20, cut - 2, cut + 30];
      for (const t of written) recordSignedRequest(db.get(), at(t));
      pruneSignedRequests(db.get(), cut);
      const kept = times();
      expect(kept.filter((t) => t >= cut)).toEqual([cut + 10, cut + 20, cut + 30]);
      // The two written before the first newer entry are always gone.
      expect(kept).not.toContain(cut - 5);
      expect(kept).not.toContain(cut - 4);
    });

    it('finds the cut among many entries by id, in order', () => {
      const cut = NOW - AUDIT_RETENTION_MS;
      const entries = Array.from({ length: 1_000 }, (_, i) => at(cut - 500 + i));
      recordSignedRequests(db.get(), entries);
      expect(pruneSignedRequests(db.get(), cut)).toBe(500);
      expect(times()[0]).toBe(cut);
      expect(pruneSignedRequests(db.get(), cut)).toBe(0);
    });
  });
});
