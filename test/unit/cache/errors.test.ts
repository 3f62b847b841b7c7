import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  CacheCancelledError,
  CacheError,
  CacheInputError,
  CacheInternalError,
  CacheQueryError,
  deserializeError,
  SchemaTooNewError,
  serializeError,
} from '../../../main/cache/errors.ts';

const roundTrip = (error: unknown) => deserializeError(structuredClone(serializeError(error)));
const cacheError = (error: unknown): CacheError => {
  const back = roundTrip(error);
  if (!(back instanceof CacheError)) throw new Error(`expected a CacheError, got ${String(back)}`);
  return back;
};

describe('cache errors across the worker boundary', () => {
  it.each([
    new SchemaTooNewError('newer'),
    new CacheInputError('bad side', 'side'),
    new CacheCancelledError(),
  ])('rebuilds %o as its own class with code, message and field', (error) => {
    const back = cacheError(error);
    expect(back).toBeInstanceOf(error.constructor);
    expect(back.toView()).toEqual(error.toView());
  });

  it('turns a SQLite failure into a query error naming the SQLite code', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x INTEGER NOT NULL)');
    let thrown: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (NULL)').run();
    } catch (error) {
      thrown = error;
    }
    db.close();
    const back = cacheError(thrown);
    expect(back).toBeInstanceOf(CacheQueryError);
    expect(back.code).toBe('cache_query_failed');
    expect(back.message).toMatch(/^SQLITE_CONSTRAINT_NOTNULL: NOT NULL constraint failed/);
  });

  it('keeps an unknown cache error class as a plain CacheError with its code', () => {
    const back = deserializeError({ name: 'Future', code: 'cache_future', message: 'm' });
    expect(back).toBeInstanceOf(CacheError);
    expect((back as CacheError).code).toBe('cache_future');
  });

  it('keeps a fault of the cache code itself internal, with the worker stack, never a cache error', () => {
    const back = roundTrip(new TypeError("Cannot read properties of null (reading 'x')"));
    expect(back).toBeInstanceOf(CacheInternalError);
    expect(back).not.toBeInstanceOf(CacheError);
    expect(back.stack).toContain('errors.test.ts');
  });
});
