import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import {
  listSignedRequests,
  recordSignedRequest,
  recordSignedRequests,
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
});
