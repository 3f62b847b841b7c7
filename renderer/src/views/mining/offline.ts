import type { IpcError } from '../../lib/api.ts';

/** The exchange could not be reached (rather than answering an error). */
export function isOffline(error: IpcError | undefined): boolean {
  return error?.code === 'network_error' || error?.code === 'timeout';
}
