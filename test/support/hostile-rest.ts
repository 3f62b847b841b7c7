/**
 * A hostile exchange REST API on loopback: every request is answered by `answer`, whatever bytes,
 * status and headers a test chooses (a body may be streamed without a length). By default it answers
 * the one-time WebSocket token, so a socket can be opened against a hostile WebSocket beside it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExchangeHttp } from '../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../main/exchange/nonce.ts';
import { RateLimits } from '../../main/exchange/rate-limit.ts';
import { KeyCaller } from '../../main/exchange/endpoints/shapes.ts';

export interface HostileAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The body; an array is sent chunk by chunk without a Content-Length. */
  body: string | Buffer | Buffer[];
}

export interface HostileRest {
  readonly url: string;
  /** How each request is answered (the path and the request). */
  answer: (path: string, request: IncomingMessage) => HostileAnswer;
  /** A signed caller of a made-up key against this server, over a fresh transport. */
  caller(): KeyCaller;
  close(): Promise<void>;
}

export const tokenAnswer = (): HostileAnswer => ({
  headers: { 'content-type': 'application/json' },
  body: '{"websocket_token":"hostile-token"}',
});

export async function startHostileRest(): Promise<HostileRest> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      let answer: HostileAnswer;
      try {
        answer = rest.answer(path, req);
      } catch {
        answer = { status: 500, body: '' };
      }
      const chunks = Array.isArray(answer.body) ? answer.body : undefined;
      const headers = { 'content-type': 'application/json', ...answer.headers };
      if (!chunks) {
        res.writeHead(answer.status ?? 200, headers).end(answer.body);
        return;
      }
      res.writeHead(answer.status ?? 200, headers);
      const next = (i: number): void => {
        if (i >= chunks.length || res.destroyed) return void res.end();
        if (res.write(chunks[i])) next(i + 1);
        else res.once('drain', () => next(i + 1));
      };
      next(0);
    });
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const rest: HostileRest = {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    answer: tokenAnswer,
    caller() {
      const http = new ExchangeHttp({
        baseUrl: rest.url,
        nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
        limits: new RateLimits(),
        sleep: () => Promise.resolve(),
        timeoutMs: 5_000,
      });
      return new KeyCaller(http, { apiKey: 'hostile-key', secret: '0123456789abcdef0123456789abcdef' });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return rest;
}
