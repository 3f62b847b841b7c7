/**
 * The webhook receiver: an HTTP endpoint the exchange POSTs events to. A delivery is stored only
 * when its key is a registered webhook key, the payload header is the base64 of the exact body, the
 * HMAC-SHA512 signature over it matches the webhook's secret (kept in main's memory, read from the
 * keychain once), the body is well-formed, and its nonce is greater than every nonce stored for that
 * webhook. A delivery seen before (same account and id: the exchange retries) is answered 200 and not
 * stored again. Anything else gets a 4xx and leaves nothing behind.
 *
 * Domain verification answers only for the key asked: `/service-verification?key=K` (or `.txt`)
 * when K is registered, and without a key only the keys being verified just now (set up in the last
 * few minutes), else 404. The server takes a bounded number of connections, requests per second and
 * body bytes, so a sender on the network cannot make it read the keychain or the disk without limit;
 * each sender has its own smaller budget of both, so one host cannot starve the others. Behind a TLS
 * proxy the person names (`sender.ts`), the sender is the last `X-Forwarded-For` hop the proxy wrote.
 *
 * A delivery with an unknown key is checked exactly as one with a known key (its signature computed
 * with a secret of the receiver's own, compared in constant time), and refused only at the end with
 * the same answer as a bad signature: neither the answer nor its time tells which keys are known.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cache } from '../cache/index.ts';
import { UserFacingError } from '../errors.ts';
import { connectionCounter, senderLimiter } from './limits.ts';
import { fromProxy, senderOf } from './sender.ts';

/** Deliveries are small JSON objects; anything bigger is refused unread. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface ReceiverLimits {
  /** Open connections at once; more are dropped by the server. */
  connections: number;
  /** Open connections from one address at once. */
  perAddressConnections: number;
  /** Requests per second over all senders (a burst of twice as many is let through). */
  perSecond: number;
  /** Requests per second from one address (a burst of twice as many). */
  perAddressPerSecond: number;
  /** Largest body read. */
  bodyBytes: number;
}

export const DEFAULT_LIMITS: ReceiverLimits = {
  connections: 32,
  perAddressConnections: 8,
  perSecond: 50,
  perAddressPerSecond: 10,
  bodyBytes: MAX_BODY_BYTES,
};

/** The secret an unknown key's signature is computed with: the receiver's own, never a webhook's. */
const NO_SECRET = randomBytes(32).toString('hex');

export interface WebhookKey {
  /** The registry account the webhook belongs to. */
  account: string;
  /** The webhook's public key (X-TXC-APIKEY). */
  apiKey: string;
  /** Set up a moment ago: `/service-verification` without a key names it while the exchange checks. */
  verifying?: boolean;
}

export interface ReceivedEvent {
  account: string;
  id: string;
  method: string;
  nonce: number;
  params: Record<string, unknown>;
}

export interface ReceiverOptions {
  cache: Cache;
  /** The webhook keys the desk has set up. */
  keys: () => readonly WebhookKey[];
  /** The webhook secret of an account, from main's memory (undefined when it has none). */
  secret: (account: string) => Promise<string | undefined>;
  onEvent?: (event: ReceivedEvent) => void;
  now?: () => number;
}

export interface Answer {
  status: number;
  /** Why it was refused (for the log; the exchange only sees the status). */
  reason: string;
  stored: boolean;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks and stores one delivery; the HTTP layer only reads the body and writes the answer. */
export async function receive(
  options: ReceiverOptions,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): Promise<Answer> {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const apiKey = header('x-txc-apikey') ?? '';
  const hook = options.keys().find((k) => sameText(k.apiKey, apiKey));
  const payload = header('x-txc-payload') ?? '';
  if (!sameText(payload, body.toString('base64')))
    return { status: 400, reason: 'payload does not match body', stored: false };
  // The same work for every key: an unknown one is signed with the receiver's own secret.
  const secret = hook ? await options.secret(hook.account) : await Promise.resolve(NO_SECRET);
  const expected = createHmac('sha512', secret ?? NO_SECRET)
    .update(payload)
    .digest('hex');
  const signed = sameText(header('x-txc-signature') ?? '', expected);
  if (!hook) return { status: 401, reason: 'unknown webhook key', stored: false };
  if (!secret) return { status: 401, reason: 'no secret for this webhook', stored: false };
  if (!signed) return { status: 401, reason: 'bad signature', stored: false };

  let event: { method?: unknown; id?: unknown; params?: unknown };
  try {
    event = JSON.parse(body.toString('utf8')) as typeof event;
  } catch {
    return { status: 400, reason: 'body is not JSON', stored: false };
  }
  const params = event.params as Record<string, unknown> | undefined;
  const nonce = params?.['nonce'];
  if (
    typeof event.method !== 'string' ||
    typeof event.id !== 'string' ||
    event.id.length > 64 ||
    typeof params !== 'object' ||
    params === null ||
    typeof nonce !== 'number' ||
    !Number.isSafeInteger(nonce)
  ) {
    return { status: 400, reason: 'body lacks method, id or params.nonce', stored: false };
  }
  // The exchange retries with the same id and a greater nonce; an old nonce is a replay.
  const seen = await options.cache.webhooks.lastNonce(hook.account);
  if (seen !== null && nonce <= seen)
    return { status: 409, reason: 'nonce not greater than the last one', stored: false };
  const record = {
    id: event.id,
    account: hook.account,
    method: event.method,
    nonce,
    receivedAtMs: (options.now ?? Date.now)(),
    params,
  };
  const { stored } = await options.cache.webhooks.record(record);
  if (stored) options.onEvent?.({ account: hook.account, id: event.id, method: event.method, nonce, params });
  return { status: 200, reason: stored ? 'stored' : 'already stored', stored };
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, body = '', type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

/**
 * Refuses without reading on: what the sender still sends is discarded (never kept), so it reads the
 * answer rather than a reset connection; the request timeout ends a sender that never stops.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number): void {
  answer(res, status);
  req.resume();
}

/** The keys `/service-verification` may name for this request: the one asked, or those being verified. */
function verificationKeys(keys: readonly WebhookKey[], asked: string | null): string[] {
  if (asked !== null) return keys.some((k) => k.apiKey === asked) ? [asked] : [];
  return keys.filter((k) => k.verifying).map((k) => k.apiKey);
}

export interface WebhookReceiver {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Why a listen failed, in words for the person who chose the address. */
function listenError(error: unknown, host: string, port: number): UserFacingError {
  const code = (error as { code?: unknown }).code;
  const where = `${host}:${String(port)}`;
  const reason =
    code === 'EADDRINUSE'
      ? `port ${String(port)} is already in use by another program; choose another port or leave it empty`
      : code === 'EACCES'
        ? `this user may not open port ${String(port)}; choose a port above 1023`
        : code === 'EADDRNOTAVAIL'
          ? `this computer has no address ${host}`
          : error instanceof Error
            ? error.message
            : String(error);
  return new UserFacingError(
    'receiver_unavailable',
    `The webhook receiver could not listen on ${where}: ${reason}.`,
    'port',
  );
}

/** Starts the receiver on loopback unless another host is given (the caller confirms that first). */
export async function startWebhookReceiver(
  options: ReceiverOptions & {
    port?: number;
    host?: string;
    limits?: Partial<ReceiverLimits>;
    onRefused?: (reason: string) => void;
    /**
     * The TLS proxy in front of the receiver (an address, normalized), read for each request: from it
     * the sender is the last `X-Forwarded-For` hop; from anyone else that header is ignored.
     */
    trustedProxy?: () => string | undefined;
  },
): Promise<WebhookReceiver> {
  const proxy = options.trustedProxy ?? (() => undefined);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const allow = senderLimiter(limits, options.now ?? Date.now);
  const connections = connectionCounter(limits.perAddressConnections);
  const server = createServer(async (req, res) => {
    const sender = senderOf(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], proxy());
    if (!allow(sender)) {
      options.onRefused?.('too many requests');
      return refuse(req, res, 429);
    }
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname.startsWith('/service-verification')) {
      const keys = verificationKeys(options.keys(), url.searchParams.get('key'));
      if (keys.length === 0) return answer(res, 404);
      if (url.pathname === '/service-verification')
        return answer(res, 200, JSON.stringify(keys), 'application/json');
      if (url.pathname === '/service-verification.txt') return answer(res, 200, keys.join('\n'));
      return answer(res, 404);
    }
    if (req.method !== 'POST') return answer(res, 405);
    const declared = Number(req.headers['content-length'] ?? 0);
    const body = declared > limits.bodyBytes ? undefined : await readBody(req, limits.bodyBytes);
    if (!body) {
      options.onRefused?.('body too large');
      return refuse(req, res, 413);
    }
    try {
      const result = await receive(options, req.headers, body);
      if (result.status !== 200) options.onRefused?.(result.reason);
      answer(res, result.status);
    } catch {
      answer(res, 500);
    }
  });
  server.maxConnections = limits.connections;
  // One address's connections past its share are closed at once, before a byte is read; the trusted
  // proxy carries every sender's, bounded by the server's own limit.
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (fromProxy(address, proxy())) return;
    if (!connections.admit(address)) {
      options.onRefused?.('too many connections from one address');
      return socket.destroy();
    }
    socket.once('close', () => connections.release(address));
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: unknown) => reject(listenError(error, host, port));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  // After listening, a socket error is that connection's alone; it never takes the app down.
  server.on('error', (error) => options.onRefused?.(`server error: ${error.message}`));
  const address = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${String(address.port)}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
