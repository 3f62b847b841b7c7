import { CodedError } from '../errors.ts';

/**
 * A failure of the local cache. Every cache error carries a stable `code` and a sentence a person can
 * read; errors raised inside a cache worker cross to the main thread as `{name, code, message, field}`
 * and are rebuilt as the same class there.
 */
export class CacheError extends CodedError {
  constructor(code: string, message: string, field?: string) {
    super(code, message, field);
    this.name = 'CacheError';
  }
}

/** The database file was written by a newer version of the app than this one. */
export class SchemaTooNewError extends CacheError {
  constructor(message: string) {
    super('cache_schema_too_new', message);
    this.name = 'SchemaTooNewError';
  }
}

/** An argument given to a cache method is not valid (a bad filter, a malformed record). */
export class CacheInputError extends CacheError {
  constructor(message: string, field?: string) {
    super('cache_invalid_input', message, field);
    this.name = 'CacheInputError';
  }
}

/** SQLite refused or failed a statement; `sqliteCode` is its code, e.g. `SQLITE_FULL`. */
export class CacheQueryError extends CacheError {
  constructor(message: string, field?: string) {
    super('cache_query_failed', message, field);
    this.name = 'CacheQueryError';
  }
}

/** The cache was closed, or its worker stopped, before the call could finish. */
export class CacheClosedError extends CacheError {
  constructor(message = 'The local cache is closed.') {
    super('cache_closed', message);
    this.name = 'CacheClosedError';
  }
}

/** A long operation (an export) was cancelled by its caller. */
export class CacheCancelledError extends CacheError {
  constructor(message = 'The operation was cancelled.') {
    super('cache_cancelled', message);
    this.name = 'CacheCancelledError';
  }
}

/**
 * A fault inside the cache's own code (a TypeError, a broken invariant): not a cache failure a person
 * can act on, so not a `CacheError`. It keeps the worker's stack so the log shows where it happened.
 */
export class CacheInternalError extends Error {
  constructor(message: string, stack?: string) {
    super(message);
    this.name = 'CacheInternalError';
    if (stack) this.stack = `CacheInternalError: ${message}\n(in the cache worker) ${stack}`;
  }
}

/** The plain form in which an error crosses the worker boundary. */
export interface SerializedCacheError {
  name: string;
  code: string;
  message: string;
  field?: string;
  /** The worker's stack, for faults of the cache's own code only. */
  stack?: string;
}

const classes: Record<string, new (message: string, field?: string) => CacheError> = {
  SchemaTooNewError,
  CacheInputError,
  CacheQueryError,
  CacheClosedError,
  CacheCancelledError,
};

/**
 * Turns anything thrown inside a worker into its transferable form: cache errors as they are, SQLite's
 * own failures as query errors naming the SQLite code, anything else as an internal fault with its stack.
 */
export function serializeError(error: unknown): SerializedCacheError {
  if (error instanceof CacheError) {
    const out: SerializedCacheError = { name: error.name, code: error.code, message: error.message };
    if (error.field !== undefined) out.field = error.field;
    return out;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (
    error instanceof Error &&
    error.name === 'SqliteError' &&
    'code' in error &&
    typeof error.code === 'string'
  ) {
    return { name: 'CacheQueryError', code: 'cache_query_failed', message: `${error.code}: ${message}` };
  }
  return {
    name: 'CacheInternalError',
    code: 'internal',
    message,
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
  };
}

/**
 * Rebuilds a serialized error as its own class (a plain `CacheError` when the name is unknown), or an
 * internal fault as `CacheInternalError`.
 */
export function deserializeError(error: SerializedCacheError): CacheError | CacheInternalError {
  if (error.name === 'CacheInternalError') return new CacheInternalError(error.message, error.stack);
  const Class = classes[error.name];
  if (Class) return new Class(error.message, error.field);
  return new CacheError(error.code, error.message, error.field);
}
