/**
 * A lean HTTP/1.1 client for the exchange's REST API: keep-alive connections per origin, one request
 * at a time on each (no pipelining), the whole request written in one go, and a small response parser
 * (Content-Length, chunked, or read to the close). It does what node:http's ClientRequest and Agent do
 * for these requests at well under half the CPU time, which matters at the exchange's ceiling of
 * 1,000 orders a second on one key. No compression is asked for, so none comes back.
 */
import { isIP } from 'node:net';
import { Connection, Http1Error, type ConnectionOwner, type Exchange } from './http1-connection.ts';

export { Http1Error };

export interface Http1Request {
  method: 'GET' | 'POST';
  /** Path and query, starting with `/`. */
  target: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

export interface Http1Response {
  status: number;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Http1Options {
  /** Open connections per origin at most; more requests wait for one. Default 64. */
  maxSockets?: number;
  /** How long an unused connection is kept (shortened by the server's `Keep-Alive: timeout`). Default 30 s. */
  idleMs?: number;
  /** Largest answer body accepted. Default 64 MiB. */
  maxBodyBytes?: number;
  /** Certificate authorities trusted besides the system's (tests with their own certificate). */
  ca?: string | Buffer;
}

/** Header text must not end a line early (no header injection through a value). */
const LINE_BREAK = /[\r\n]/;

/** The connections to one scheme, host and port. */
class Origin implements ConnectionOwner {
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  readonly ca: string | Buffer | undefined;
  readonly maxBodyBytes: number;
  readonly #maxSockets: number;
  #idleMs: number;
  readonly #idle: Connection[] = [];
  readonly #open = new Set<Connection>();
  readonly #waiting: Exchange[] = [];

  constructor(secure: boolean, host: string, port: number, options: Http1Options) {
    this.secure = secure;
    this.host = host;
    this.port = port;
    this.ca = options.ca;
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
    this.#maxSockets = options.maxSockets ?? 64;
    this.#idleMs = options.idleMs ?? 30_000;
  }

  /** The server closes connections idle for `ms`: stop using them a second before it does. */
  noteServerIdle(ms: number): void {
    this.#idleMs = Math.min(this.#idleMs, Math.max(0, ms - 1000));
  }

  /** Sends the exchange now or when a connection comes free; the result ends it early. */
  send(exchange: Exchange): () => void {
    const connection = this.#take();
    if (connection) connection.send(exchange);
    else this.#waiting.push(exchange);
    return () => {
      const at = this.#waiting.indexOf(exchange);
      if (at >= 0) this.#waiting.splice(at, 1);
      // Only while the connection still carries this exchange: afterwards it may carry another.
      const carrier = exchange.connection;
      if (carrier?.current === exchange) carrier.destroy(new Http1Error('EABORTED', 'request ended'));
    };
  }

  #take(): Connection | undefined {
    for (let connection = this.#idle.pop(); connection; connection = this.#idle.pop()) {
      if (!connection.socket.destroyed && connection.socket.writable) return connection;
      connection.destroy(new Http1Error('ECONNRESET', 'stale connection'));
    }
    if (this.#open.size >= this.#maxSockets) return undefined;
    const connection = new Connection(this);
    this.#open.add(connection);
    return connection;
  }

  release(connection: Connection): void {
    const waiter = this.#waiting.shift();
    if (waiter) {
      connection.send(waiter);
      return;
    }
    if (this.#idleMs <= 0) {
      connection.destroy(new Http1Error('EIDLE', 'the server keeps no idle connections'));
      return;
    }
    this.#idle.push(connection);
    connection.park(this.#idleMs);
  }

  forget(connection: Connection): void {
    if (!this.#open.delete(connection)) return;
    const at = this.#idle.indexOf(connection);
    if (at >= 0) this.#idle.splice(at, 1);
    // A slot came free: the next waiting request opens a connection of its own.
    if (this.#waiting.length === 0) return;
    const next = this.#take();
    const waiter = next && this.#waiting.shift();
    if (next && waiter) next.send(waiter);
  }

  close(): void {
    for (const connection of [...this.#open]) {
      connection.destroy(new Http1Error('ECLOSED', 'client closed'));
    }
    for (const waiter of this.#waiting.splice(0)) {
      waiter.reject(new Http1Error('ECLOSED', 'client closed'));
    }
  }
}

/** Keep-alive HTTP/1.1 connections to any number of origins. */
export class Http1Client {
  readonly #options: Http1Options;
  readonly #origins = new Map<string, Origin>();

  constructor(options: Http1Options = {}) {
    this.#options = options;
  }

  /**
   * Sends `request` to `origin` (`http://host:port` or `https://host`). The function handed to
   * `onCancel` ends the exchange at once if it is still under way (its connection is closed).
   */
  request(
    origin: string,
    request: Http1Request,
    onCancel?: (cancel: () => void) => void,
  ): Promise<Http1Response> {
    return new Promise<Http1Response>((resolve, reject) => {
      const target = this.#origin(origin);
      const head = requestHead(target, request);
      const cancel = target.send({ head, body: request.body, resolve, reject });
      onCancel?.(cancel);
    });
  }

  /** Closes every connection; requests in flight fail. */
  close(): void {
    for (const origin of this.#origins.values()) origin.close();
    this.#origins.clear();
  }

  #origin(origin: string): Origin {
    let target = this.#origins.get(origin);
    if (!target) {
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new TypeError(`only http and https are spoken, not ${url.protocol}`);
      }
      const secure = url.protocol === 'https:';
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
      target = new Origin(secure, host, port, this.#options);
      this.#origins.set(origin, target);
    }
    return target;
  }
}

function requestHead(origin: Origin, request: Http1Request): string {
  if (!request.target.startsWith('/') || LINE_BREAK.test(request.target) || request.target.includes(' ')) {
    throw new TypeError('the request target must be a path without spaces or line breaks');
  }
  const defaultPort = origin.port === (origin.secure ? 443 : 80);
  const host = isIP(origin.host) === 6 ? `[${origin.host}]` : origin.host;
  let head = `${request.method} ${request.target} HTTP/1.1\r\nHost: ${defaultPort ? host : `${host}:${origin.port}`}\r\n`;
  for (const name in request.headers) {
    const value = request.headers[name] as string;
    if (LINE_BREAK.test(name) || LINE_BREAK.test(value) || name.includes(':')) {
      throw new TypeError(`the header ${JSON.stringify(name)} holds a line break or colon`);
    }
    head += `${name}: ${value}\r\n`;
  }
  if (request.body !== undefined) head += `Content-Length: ${Buffer.byteLength(request.body)}\r\n`;
  return `${head}\r\n`;
}
