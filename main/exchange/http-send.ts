/**
 * One HTTP exchange with the exchange's REST API, over the keep-alive HTTP/1.1 client in `http1.ts`.
 */
import { Http1Client } from './http1.ts';

export interface RawRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

/** No answer within the time limit. */
export class SendTimeout extends Error {
  constructor() {
    super('no answer in time');
    this.name = 'SendTimeout';
  }
}

/**
 * Sends a request. Rejects with SendTimeout when no answer comes within `timeoutMs`, with the
 * signal's reason when it aborts, and with the network error otherwise.
 */
export type Sender = (
  url: string,
  request: RawRequest,
  limits: { timeoutMs: number; signal?: AbortSignal },
) => Promise<RawAnswer>;

/** A sender over the connections of `client` (a client of its own by default). */
export function http1Sender(client: Http1Client = new Http1Client()): Sender {
  return (url, request, { timeoutMs, signal }) =>
    new Promise<RawAnswer>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      // The origin is everything before the path: `scheme://host[:port]`.
      const slash = url.indexOf('/', url.indexOf('//') + 2);
      const origin = slash < 0 ? url : url.slice(0, slash);
      const target = slash < 0 ? '/' : url.slice(slash);
      let cancel: (() => void) | undefined;
      let settled = false;
      const finish = (error: Error | null, answer?: RawAnswer): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) {
          cancel?.();
          reject(error);
        } else resolve(answer as RawAnswer);
      };
      const onAbort = (): void => finish(signal?.reason as Error);
      signal?.addEventListener('abort', onAbort, { once: true });
      // One timer for the whole exchange, answer body included.
      const timer = setTimeout(() => finish(new SendTimeout()), timeoutMs);
      client
        .request(
          origin,
          { method: request.method, target, headers: request.headers, body: request.body },
          (c) => (cancel = c),
        )
        .then(
          (response) => {
            const retry = response.headers['retry-after'];
            finish(null, {
              status: response.status,
              text: response.body.toString('utf8'),
              retryAfter: retry ?? null,
            });
          },
          (error: unknown) => finish(error as Error),
        );
    });
}

/** The default sender: one connection pool for the whole process. */
export const defaultSender: Sender = http1Sender();
