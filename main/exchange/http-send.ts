/**
 * One HTTP exchange with the exchange's REST API, over undici: a keep-alive connection pool per
 * origin, HTTP/1.1 (ALPN http/1.1 over TLS), one time limit for the whole exchange, abort on a signal.
 */
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';

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

/** At most this many connections per origin; requests beyond them wait for a free one. */
const CONNECTIONS_PER_ORIGIN = 64;

/** The pool the app uses: keep-alive connections, HTTP/1.1 only, idle ones unref'd by undici. */
export function exchangeAgent(options: Agent.Options = {}): Agent {
  return new Agent({ connections: CONNECTIONS_PER_ORIGIN, keepAliveTimeout: 4_000, ...options });
}

/** A sender over `dispatcher` (a pool of its own by default). */
export function undiciSender(dispatcher: Dispatcher = exchangeAgent()): Sender {
  return async (url, request, { timeoutMs, signal }) => {
    if (signal?.aborted) throw signal.reason as Error;
    // One timer for the whole exchange, answer body included; aborting closes that connection.
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(new SendTimeout()), timeoutMs);
    const both = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
    try {
      const response = await undiciRequest(url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: both,
        dispatcher,
      });
      const text = await response.body.text();
      const retry = response.headers['retry-after'];
      return {
        status: response.statusCode,
        text,
        retryAfter: (Array.isArray(retry) ? retry[0] : retry) ?? null,
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason as Error;
      if (limit.signal.aborted) throw new SendTimeout();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The default sender: one connection pool for the whole process. */
export const defaultSender: Sender = undiciSender();
