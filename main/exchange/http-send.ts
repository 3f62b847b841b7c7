/**
 * One HTTP exchange with the exchange's REST API, over undici: a keep-alive connection pool per
 * origin, HTTP/1.1 (ALPN http/1.1 over TLS), one time limit for the whole exchange, abort on a signal.
 */
import { Agent, type Dispatcher } from 'undici';

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

/** The largest answer body read (the exchange's pages are tens of kB); a bigger one is refused unread. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The answer's body is larger than the sender reads. */
export class AnswerTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`an answer larger than ${String(limit)} bytes`);
    this.name = 'AnswerTooLarge';
    this.limit = limit;
  }
}

/** No answer within the time limit. */
export class SendTimeout extends Error {
  constructor() {
    super('no answer in time');
    this.name = 'SendTimeout';
  }
}

/**
 * Sends a request. Rejects with SendTimeout when no answer comes within `timeoutMs`, with
 * AnswerTooLarge when its body is longer than `maxBytes` (default `MAX_ANSWER_BYTES`), with the
 * signal's reason when it aborts, and with the network error otherwise.
 */
export type Sender = (
  url: string,
  request: RawRequest,
  limits: { timeoutMs: number; signal?: AbortSignal; maxBytes?: number },
) => Promise<RawAnswer>;

/** At most this many connections per origin; requests beyond them wait for a free one. */
export const CONNECTIONS_PER_ORIGIN = 64;

/** The pool the app uses: keep-alive connections, HTTP/1.1 only, idle ones unref'd by undici. */
export function exchangeAgent(options: Agent.Options = {}): Agent {
  return new Agent({ connections: CONNECTIONS_PER_ORIGIN, keepAliveTimeout: 4_000, ...options });
}

/**
 * A sender over `dispatcher` (a pool of its own by default). It takes undici's handler path
 * (`dispatch`), collecting the answer's bytes itself, rather than `request()`, whose stream per answer
 * costs more than the exchange of a small order.
 */
export function undiciSender(dispatcher: Dispatcher = exchangeAgent()): Sender {
  return (url, request, { timeoutMs, signal, maxBytes = MAX_ANSWER_BYTES }) =>
    new Promise<RawAnswer>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      // The origin is everything before the path: `scheme://host[:port]`.
      const slash = url.indexOf('/', url.indexOf('//') + 2);
      const origin = slash < 0 ? url : url.slice(0, slash);
      const path = slash < 0 ? '/' : url.slice(slash);
      let controller: Dispatcher.DispatchController | undefined;
      let stopped: Error | undefined;
      let settled = false;
      let status = 0;
      let retryAfter: string | null = null;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const finish = (error: Error | null, answer?: RawAnswer): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve(answer as RawAnswer);
      };
      // Settles at once; the request is aborted (its connection closed) now or as soon as it starts.
      const stop = (reason: Error): void => {
        stopped ??= reason;
        controller?.abort(reason);
        finish(reason);
      };
      const onAbort = (): void => stop(signal?.reason as Error);
      signal?.addEventListener('abort', onAbort, { once: true });
      // One timer for the whole exchange, answer body included.
      const timer = setTimeout(() => stop(new SendTimeout()), timeoutMs);
      dispatcher.dispatch(
        { origin, path, method: request.method, headers: request.headers, body: request.body ?? null },
        {
          onRequestStart(c) {
            controller = c;
            if (stopped) c.abort(stopped);
          },
          onResponseStart(_c, statusCode, headers) {
            status = statusCode;
            const retry = headers['retry-after'];
            retryAfter = (Array.isArray(retry) ? retry[0] : retry) ?? null;
            // A declared length past the limit is refused before a byte of the body is read.
            if (Number(headers['content-length'] ?? 0) > maxBytes) stop(new AnswerTooLarge(maxBytes));
          },
          onResponseData(_c, chunk) {
            if (settled) return;
            bytes += chunk.length;
            if (bytes > maxBytes) return stop(new AnswerTooLarge(maxBytes));
            chunks.push(chunk);
          },
          onResponseEnd() {
            finish(null, { status, text: Buffer.concat(chunks).toString('utf8'), retryAfter });
          },
          onResponseError(_c, error) {
            finish(error);
          },
        },
      );
    });
}

/** The default sender: one connection pool for the whole process. */
export const defaultSender: Sender = undiciSender();
