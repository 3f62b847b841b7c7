/**
 * The whitelist of errors that reach the person at the desk. The layers below throw coded errors
 * without knowing who reads them; here, and only here, it is decided which cross the bridge as they
 * are: refusals of the services, the exchange's answers, failures of the local cache. Anything else
 * (a TypeError, a fault inside the cache worker, a library's own error) is an internal error.
 */
import { CacheError } from '../cache/errors.ts';
import { UserFacingError } from '../errors.ts';
import { ExchangeError } from '../exchange/errors.ts';
import type { IpcError } from './contract.ts';

const USER_FACING = [UserFacingError, ExchangeError, CacheError] as const;

/** The error as the renderer may see it, or undefined when it is not one a person should see. */
export function userFacing(error: unknown): IpcError | undefined {
  for (const Class of USER_FACING) if (error instanceof Class) return error.toIpcError();
  return undefined;
}
