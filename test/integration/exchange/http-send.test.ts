// The exchange's REST sender (undici) against real loopback servers: node:http and node:https for
// ordinary answers, a bare TCP server for one that never answers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeAgent, SendTimeout, undiciSender } from '../../../main/exchange/http-send.ts';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Served {
  origin: string;
  /** Connections the server accepted so far. */
  connections: () => number;
  /** Connections the server saw close so far. */
  closed: () => number;
}

async function listen(server: Server | NetServer, scheme = 'http'): Promise<Served> {
  let accepted = 0;
  let closed = 0;
  const sockets = new Set<Socket>();
  server.on(scheme === 'https' ? 'secureConnection' : 'connection', (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => {
      closed++;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { origin: `${scheme}://127.0.0.1:${port}`, connections: () => accepted, closed: () => closed };
}

function httpServer(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<Served> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  return listen(server);
}

function agent(options?: Agent.Options): Agent {
  const a = exchangeAgent(options);
  closers.push(() => a.destroy());
  return a;
}

const get = { method: 'GET' as const, headers: { Accept: 'application/json' } };

describe('exchange REST sender', () => {
  it('sends method, path, headers and body, and keeps one connection for requests in turn', async () => {
    const seen: string[] = [];
    const served = await httpServer((req, res, body) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-key']} ${req.headers['content-length']} ${body}`);
      res.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '3' }).end('{"ok":"✓"}');
    });
    const send = undiciSender(agent());
    for (let i = 0; i < 20; i++) {
      const answer = await send(
        `${served.origin}/api/v4/order/new?i=${i}`,
        { method: 'POST', headers: { 'X-Key': 'k', 'Content-Type': 'application/json' }, body: `{"é":${i}}` },
        { timeoutMs: 5_000 },
      );
      expect(answer).toEqual({ status: 201, text: '{"ok":"✓"}', retryAfter: '3' });
    }
    expect(seen[7]).toBe('POST /api/v4/order/new?i=7 k 8 {"é":7}');
    // Kept alive: the pool may open a second connection while the first is still being freed.
    expect(served.connections()).toBeLessThanOrEqual(2);
  });

  it('opens no more connections than allowed and answers every queued request', async () => {
    // Answers are held until three requests are in flight at once, then all released.
    let held: ServerResponse[] = [];
    let most = 0;
    const served = await httpServer((_req, res) => {
      held.push(res);
      most = Math.max(most, held.length);
      if (held.length < 3) return;
      for (const r of held) r.end('x');
      held = [];
    });
    const send = undiciSender(agent({ connections: 3 }));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(`${served.origin}/`, get, { timeoutMs: 5_000 })),
    );
    expect(answers.map((a) => a.text).join('')).toBe('x'.repeat(30));
    expect(most).toBe(3);
    expect(served.connections()).toBe(3);
    expect(held).toEqual([]);
  });

  it('fails a request whose connection breaks before the answer, and the next one works', async () => {
    let n = 0;
    const served = await httpServer((req, res) => {
      if (n++ === 0) req.socket.destroy();
      else res.end('fine');
    });
    const send = undiciSender(agent());
    const error = await send(`${served.origin}/`, get, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SendTimeout);
    expect((await send(`${served.origin}/`, get, { timeoutMs: 5_000 })).text).toBe('fine');
  });

  it('times out a silent server, closing that connection, and aborts on a signal', async () => {
    let arrived: () => void = () => undefined;
    const server = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.on('data', () => arrived());
    });
    const served = await listen(server);
    const send = undiciSender(agent());
    const late = await send(`${served.origin}/slow`, get, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(SendTimeout);
    const controller = new AbortController();
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const aborted = send(`${served.origin}/slow`, get, { timeoutMs: 10_000, signal: controller.signal });
    await received;
    controller.abort(new Error('stopped by the user'));
    await expect(aborted).rejects.toThrow('stopped by the user');
    await expect.poll(() => served.closed()).toBe(2);
  });

  it('speaks TLS, checking the certificate against the given authority', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-tls-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) =>
      res.end('secure'),
    );
    const served = await listen(server, 'https');
    const trusting = undiciSender(agent({ connect: { ca: cert } }));
    for (let i = 0; i < 3; i++)
      expect((await trusting(`${served.origin}/`, get, { timeoutMs: 5_000 })).text).toBe('secure');
    expect(served.connections()).toBeLessThanOrEqual(2);
    const wary = undiciSender(agent());
    await expect(wary(`${served.origin}/`, get, { timeoutMs: 5_000 })).rejects.toThrow(
      /self-signed|certificate/i,
    );
  });
});
