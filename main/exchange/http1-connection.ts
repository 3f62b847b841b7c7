/**
 * One keep-alive HTTP/1.1 connection of `http1.ts` and the parser of the answers it reads:
 * Content-Length, chunked (extensions and trailers skipped), or read to the close; 1xx skipped.
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Http1Response } from './http1.ts';

/** What a connection needs from the pool that owns it. */
export interface ConnectionOwner {
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  readonly ca: string | Buffer | undefined;
  readonly maxBodyBytes: number;
  /** The server announced it closes connections idle for `ms`. */
  noteServerIdle(ms: number): void;
  /** The answer was read whole and the connection can carry another request. */
  release(connection: Connection): void;
  /** The connection is gone (closed, broken or destroyed). */
  forget(connection: Connection): void;
}

/** The connection broke or the answer could not be read; whether the server acted on it is unknown. */
export class Http1Error extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'Http1Error';
    this.code = code;
  }
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const MAX_HEAD_BYTES = 64 * 1024;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})/;

/** One request and its answer's fate; `connection` is where it was sent, once it was. */
export interface Exchange {
  readonly head: string;
  readonly body: string | undefined;
  resolve(response: Http1Response): void;
  reject(error: Error): void;
  connection?: Connection;
}

/** One keep-alive connection and the parse state of the answer it is reading. */
export class Connection {
  readonly socket: Socket;
  readonly #origin: ConnectionOwner;
  #pending: Exchange | null = null;
  #buffer: Buffer = Buffer.alloc(0);
  #status = 0;
  #headers: Record<string, string> = {};
  /** 'head', then 'length' (`#remaining` bytes), 'chunk-size', 'chunk-data', 'chunk-end', 'trailers' or 'close'. */
  #state = 'head';
  #remaining = 0;
  #parts: Buffer[] = [];
  #size = 0;
  #keepAlive = true;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(origin: ConnectionOwner) {
    this.#origin = origin;
    const { host, port, secure } = origin;
    this.socket = secure
      ? tlsConnect({
          host,
          port,
          ALPNProtocols: ['http/1.1'],
          ...(isIP(host) ? {} : { servername: host }),
          ...(origin.ca === undefined ? {} : { ca: origin.ca }),
        })
      : netConnect({ host, port });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.socket.on('end', () => this.#onEnd());
    this.socket.on('error', (error: Error) => this.#fail(error));
    this.socket.on('close', () =>
      this.#fail(new Http1Error('ECONNRESET', 'the connection closed before the answer')),
    );
  }

  /** The exchange this connection is carrying, if any. */
  get current(): Exchange | null {
    return this.#pending;
  }

  send(exchange: Exchange): void {
    clearTimeout(this.#idleTimer);
    this.socket.ref();
    exchange.connection = this;
    this.#pending = exchange;
    this.#state = 'head';
    this.#status = 0;
    this.#headers = {};
    this.#parts = [];
    this.#size = 0;
    this.socket.write(exchange.body === undefined ? exchange.head : exchange.head + exchange.body);
  }

  /** Ends the connection; a request on it fails with `error`. */
  destroy(error: Error): void {
    this.#fail(error);
    this.socket.destroy();
  }

  #onData(chunk: Buffer): void {
    if (!this.#pending) {
      // Nothing was asked: a server that talks out of turn cannot be trusted with the next request.
      this.destroy(new Http1Error('EPROTO', 'the server sent data without a request'));
      return;
    }
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    try {
      this.#parse();
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  #parse(): void {
    while (this.#pending) {
      const buffer = this.#buffer;
      switch (this.#state) {
        case 'head': {
          const end = buffer.indexOf(HEAD_END);
          if (end < 0) {
            if (buffer.length > MAX_HEAD_BYTES) throw protocolError('the answer head is too long');
            return;
          }
          this.#buffer = buffer.subarray(end + 4);
          this.#readHead(buffer.toString('latin1', 0, end));
          break;
        }
        case 'length': {
          if (this.#takeRemaining()) this.#complete();
          return;
        }
        case 'chunk-size': {
          const end = buffer.indexOf(CRLF);
          if (end < 0) {
            if (buffer.length > 1024) throw protocolError('a chunk size line is too long');
            return;
          }
          // The size may be followed by chunk extensions (`;name=value`), which mean nothing here.
          const size = /^[0-9a-fA-F]+/.exec(buffer.toString('latin1', 0, end));
          if (!size || size[0].length > 12) throw protocolError('a chunk size is not hexadecimal');
          this.#remaining = parseInt(size[0], 16);
          this.#buffer = buffer.subarray(end + 2);
          this.#state = this.#remaining === 0 ? 'trailers' : 'chunk-data';
          break;
        }
        case 'chunk-data': {
          if (!this.#takeRemaining()) return;
          this.#state = 'chunk-end';
          break;
        }
        case 'chunk-end': {
          if (buffer.length < 2) return;
          if (buffer[0] !== 13 || buffer[1] !== 10) throw protocolError('a chunk does not end its line');
          this.#buffer = buffer.subarray(2);
          this.#state = 'chunk-size';
          break;
        }
        case 'trailers': {
          // Trailer fields end with an empty line, like the head; none of them is used.
          if (buffer.length >= 2 && buffer[0] === 13 && buffer[1] === 10) {
            this.#buffer = buffer.subarray(2);
            this.#complete();
            return;
          }
          const end = buffer.indexOf(HEAD_END);
          if (end < 0) {
            if (buffer.length > MAX_HEAD_BYTES) throw protocolError('the answer trailers are too long');
            return;
          }
          this.#buffer = buffer.subarray(end + 4);
          this.#complete();
          return;
        }
        default: {
          // 'close': the body is everything until the server closes the connection.
          if (buffer.length > 0) this.#keep(buffer);
          this.#buffer = Buffer.alloc(0);
          return;
        }
      }
    }
  }

  #readHead(text: string): void {
    const lines = text.split('\r\n');
    const status = STATUS_LINE.exec(lines[0] ?? '');
    if (!status) throw protocolError('the answer does not start with an HTTP/1.x status line');
    const code = Number(status[2]);
    const headers: Record<string, string> = {};
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      const colon = line.indexOf(':');
      if (colon <= 0) throw protocolError('an answer header has no name');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    // 1xx answers (100 Continue, 103 Early Hints) come before the real one.
    if (code >= 100 && code < 200) return;
    this.#status = code;
    this.#headers = headers;
    const connection = (headers['connection'] ?? '').toLowerCase();
    this.#keepAlive = status[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
    const hint = /\btimeout=(\d+)/i.exec(headers['keep-alive'] ?? '');
    if (hint) this.#origin.noteServerIdle(Number(hint[1]) * 1000);
    if (code === 204 || code === 304) {
      this.#complete();
      return;
    }
    if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
      this.#state = 'chunk-size';
    } else if (headers['content-length'] !== undefined) {
      const length = headers['content-length'];
      if (!/^\d+$/.test(length)) throw protocolError('the answer length is not a number');
      this.#remaining = Number(length);
      if (this.#remaining > this.#origin.maxBodyBytes) throw protocolError('the answer is too large');
      this.#state = 'length';
      if (this.#remaining === 0) this.#complete();
    } else {
      this.#keepAlive = false;
      this.#state = 'close';
    }
  }

  /** Keeps up to `#remaining` body bytes from the buffer; true once all of them came. */
  #takeRemaining(): boolean {
    const take = Math.min(this.#remaining, this.#buffer.length);
    if (take > 0) this.#keep(this.#buffer.subarray(0, take));
    this.#buffer = this.#buffer.subarray(take);
    this.#remaining -= take;
    return this.#remaining === 0;
  }

  #keep(part: Buffer): void {
    this.#size += part.length;
    if (this.#size > this.#origin.maxBodyBytes) throw protocolError('the answer is too large');
    this.#parts.push(part);
  }

  #complete(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    const body = this.#parts.length === 1 ? (this.#parts[0] as Buffer) : Buffer.concat(this.#parts);
    const response = { status: this.#status, headers: this.#headers, body };
    this.#parts = [];
    if (this.#keepAlive && this.#buffer.length === 0 && this.#state !== 'close') this.#origin.release(this);
    else this.socket.destroy();
    this.#state = 'head';
    pending.resolve(response);
  }

  #onEnd(): void {
    if (this.#state === 'close' && this.#pending && this.#status !== 0) {
      this.#keepAlive = false;
      this.#complete();
    }
  }

  #fail(error: Error): void {
    clearTimeout(this.#idleTimer);
    this.#origin.forget(this);
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }

  /** Parks the connection: it does not keep the process alive and closes after `ms` unused. */
  park(ms: number): void {
    this.socket.unref();
    this.#idleTimer = setTimeout(() => this.destroy(new Http1Error('EIDLE', 'closed after idling')), ms);
    this.#idleTimer.unref();
  }
}

function protocolError(message: string): Http1Error {
  return new Http1Error('EPROTO', `unreadable answer: ${message}`);
}
