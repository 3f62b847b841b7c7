/**
 * Which errors a person at the desk reads as they are: the refusals of the services, the exchange's
 * answers and the failures of the local cache, each a coded error with a sentence written for a
 * person. Anything else (a TypeError, a fault inside the cache worker, a library's own error) is an
 * internal error: the router answers it with a log reference, and a batch that goes on past one item's
 * failure (an account, an order, a transfer) names that item's failure in its own words.
 *
 * The decision is the domain's, made here once: services keep to these shapes (`IpcError`), and the
 * IPC router only carries them across the bridge (`main/ipc/router.ts`).
 */
import { CacheError } from './cache/errors.ts';
import { UserFacingError, type IpcError } from './errors.ts';
import { ExchangeError } from './exchange/errors.ts';

const READABLE = [UserFacingError, ExchangeError, CacheError] as const;

/** The error as a person may read it, or undefined when it is not one a person should see. */
export function readable(error: unknown): IpcError | undefined {
  for (const Class of READABLE) if (error instanceof Class) return error.toView();
  return undefined;
}

/** One failed item of a batch: the error as a person may read it, else an internal one in `words`. */
export function itemFailure(error: unknown, words: string): IpcError {
  return readable(error) ?? { code: 'internal', message: words };
}
