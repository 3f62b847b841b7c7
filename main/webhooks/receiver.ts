/**
 * The webhook receiver: an HTTP endpoint the exchange POSTs events to. A delivery is stored only
 * when its key is a registered webhook key, the payload header is the base64 of the exact body, the
 * HMAC-SHA512 signature over it matches the webhook's secret (read from the keychain), the body is
 * well-formed, and its nonce is greater than every nonce stored for that webhook. A delivery seen
 * before (same id: the exchange retries) is answered 200 and not stored again. Anything else gets a
 * 4xx and leaves nothing behind. It also serves the domain-verification proofs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cache } from '../cache/index.ts';
import { webhookSecretId, type SecretStore } from '../vault/secret-store.ts';

export { webhookSecretId };

export const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookKey {
  /** The registry account the webhook belongs to. */
  account: string;
  /** The webhook's public key (X-TXC-APIKEY). */
  apiKey: string;
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
  secrets: SecretStore;
  /** The webhook keys the desk has set up. */
  keys: () => readonly WebhookKey[];
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
  const apiKey = header('x-txc-apikey');
  const hook = apiKey ? options.keys().find((k) => k.apiKey === apiKey) : undefined;
  if (!hook) return { status: 401, reason: 'unknown webhook key', stored: false };
  const payload = header('x-txc-payload') ?? '';
  if (!sameText(payload, body.toString('base64')))
    return { status: 400, reason: 'payload does not match body', stored: false };
  const secret = await options.secrets.get(webhookSecretId(hook.account));
  if (!secret) return { status: 401, reason: 'no secret for this webhook', stored: false };
  const expected = createHmac('sha512', secret).update(payload).digest('hex');
  if (!sameText(header('x-txc-signature') ?? '', expected))
    return { status: 401, reason: 'bad signature', stored: false };

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

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, body = '', type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

export interface WebhookReceiver {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Starts the receiver; `host` is loopback unless the user chooses to expose it (e.g. via a tunnel). */
export async function startWebhookReceiver(
  options: ReceiverOptions & { port?: number; host?: string; onRefused?: (reason: string) => void },
): Promise<WebhookReceiver> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    if (req.method === 'GET' && path === '/service-verification') {
      return answer(res, 200, JSON.stringify(options.keys().map((k) => k.apiKey)), 'application/json');
    }
    if (req.method === 'GET' && path === '/service-verification.txt') {
      return answer(
        res,
        200,
        options
          .keys()
          .map((k) => k.apiKey)
          .join('\n'),
      );
    }
    if (req.method !== 'POST') return answer(res, 405);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      options.onRefused?.('body too large');
      return answer(res.setHeader('connection', 'close') && res, 413);
    }
    const body = await readBody(req);
    if (!body) {
      options.onRefused?.('body too large');
      return answer(res.setHeader('connection', 'close') && res, 413);
    }
    try {
      const result = await receive(options, req.headers, body);
      if (result.status !== 200) options.onRefused?.(result.reason);
      answer(res, result.status);
    } catch {
      answer(res, 500);
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
