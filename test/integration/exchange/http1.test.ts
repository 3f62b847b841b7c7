// The exchange's HTTP/1.1 client against real loopback servers: node:http for ordinary answers, and
// a bare TCP server for the ones node:http would not send the way a test needs them.
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
import { afterEach, describe, expect, it } from 'vitest';
import { Http1Client, Http1Error } from '../../../main/exchange/http1.ts';
import { http1Sender, SendTimeout } from '../../../main/exchange/http-send.ts';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Served {
  origin: string;
  /** Connections the server accepted so far. */
  connections: () => number;
}

async function listen(server: Server | NetServer, scheme = 'http'): Promise<Served> {
  let accepted = 0;
  const sockets = new Set<Socket>();
  server.on(scheme === 'https' ? 'secureConnection' : 'connection', (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
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
  return { origin: `${scheme}://127.0.0.1:${port}`, connections: () => accepted };
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

/** A TCP server that answers each request head with `answer(n)`, and closes after it if `end`. */
function rawServer(answer: (n: number) => string, end = false): Promise<Served> {
  let n = 0;
  const server = createNetServer((socket) => {
    let seen = '';
    socket.on('data', (d) => {
      seen += d.toString('latin1');
      while (seen.includes('\r\n\r\n')) {
        seen = seen.slice(seen.indexOf('\r\n\r\n') + 4);
        socket.write(answer(n++));
        if (end) socket.end();
      }
    });
    socket.on('error', () => undefined);
  });
  return listen(server);
}

function client(options?: ConstructorParameters<typeof Http1Client>[0]): Http1Client {
  const c = new Http1Client(options);
  closers.push(() => c.close());
  return c;
}

const get = (target = '/') => ({ method: 'GET' as const, target, headers: { Accept: 'application/json' } });
const text = (r: { body: Buffer }) => r.body.toString('utf8');

describe('HTTP/1.1 client', () => {
  it('sends method, path, headers and body, and keeps one connection for requests in turn', async () => {
    const seen: string[] = [];
    const served = await httpServer((req, res, body) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-key']} ${req.headers['content-length']} ${body}`);
      res.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '3' }).end('{"ok":"✓"}');
    });
    const c = client();
    for (let i = 0; i < 20; i++) {
      const r = await c.request(served.origin, {
        method: 'POST',
        target: `/api/v4/order/new?i=${i}`,
        headers: { 'X-Key': 'k', 'Content-Type': 'application/json' },
        body: `{"é":${i}}`,
      });
      expect(r.status).toBe(201);
      expect(r.headers['retry-after']).toBe('3');
      expect(JSON.parse(text(r))).toEqual({ ok: '✓' });
    }
    expect(seen[7]).toBe('POST /api/v4/order/new?i=7 k 8 {"é":7}');
    expect(served.connections()).toBe(1);
  });

  it('ignores a cancel that comes after the answer: the connection may already carry another request', async () => {
    const served = await httpServer((_req, res) => setTimeout(() => res.end('late'), 20));
    const c = client();
    let cancel: () => void = () => undefined;
    await c.request(served.origin, get(), (f) => (cancel = f));
    const next = c.request(served.origin, get());
    cancel();
    expect(text(await next)).toBe('late');
    expect(served.connections()).toBe(1);
  });

  it('opens no more connections than allowed and answers every queued request', async () => {
    let open = 0;
    let most = 0;
    const served = await httpServer((_req, res) => {
      open++;
      most = Math.max(most, open);
      setTimeout(() => {
        open--;
        res.end('x');
      }, 5);
    });
    const c = client({ maxSockets: 3 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => c.request(served.origin, get())));
    expect(answers.map(text).join('')).toBe('x'.repeat(30));
    expect(most).toBe(3);
    expect(served.connections()).toBe(3);
  });

  it('reads chunked answers with extensions and trailers, split a byte at a time, UTF-8 intact', async () => {
    const body = 'prix: 101,23 € · 数量 🚀';
    const bytes = Buffer.from(body, 'utf8');
    const first = bytes.subarray(0, 13);
    const rest = bytes.subarray(13);
    const chunked =
      `${first.length.toString(16)};name=value\r\n${first.toString('latin1')}\r\n` +
      `${rest.length.toString(16).toUpperCase()}\r\n${rest.toString('latin1')}\r\n0\r\nX-Trailer: t\r\n\r\n`;
    const server = createNetServer((socket) => {
      socket.on('data', () => {
        const answer = Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'),
          Buffer.from(chunked, 'latin1'),
        ]);
        for (let i = 0; i < answer.length; i++) socket.write(answer.subarray(i, i + 1));
      });
    });
    const bytewise = await listen(server);
    const c = client();
    for (let i = 0; i < 3; i++) expect(text(await c.request(bytewise.origin, get()))).toBe(body);
    expect(bytewise.connections()).toBe(1);
  });

  it('reads an answer without a length to the close, and does not reuse that connection', async () => {
    const served = await rawServer(
      (n) => `HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nbody ${n}`,
      true,
    );
    const c = client();
    expect(text(await c.request(served.origin, get()))).toBe('body 0');
    expect(text(await c.request(served.origin, get()))).toBe('body 1');
    expect(served.connections()).toBe(2);
  });

  it('opens a new connection after an answer that says Connection: close', async () => {
    const served = await httpServer((_req, res) => res.writeHead(200, { Connection: 'close' }).end('c'));
    const c = client();
    for (let i = 0; i < 3; i++) expect(text(await c.request(served.origin, get()))).toBe('c');
    expect(served.connections()).toBe(3);
  });

  it('follows the server keep-alive timeout: no reuse of a connection it is about to close', async () => {
    const served = await httpServer((_req, res) => res.end('k'));
    // node:http announces `Keep-Alive: timeout=1` for a one-second timeout: too short to reuse safely.
    const server = createServer((_req, res) => res.end('k'));
    server.keepAliveTimeout = 1000;
    const short = await listen(server);
    const c = client();
    for (let i = 0; i < 3; i++) await c.request(short.origin, get());
    expect(short.connections()).toBe(3);
    for (let i = 0; i < 3; i++) await c.request(served.origin, get());
    expect(served.connections()).toBe(1);
  });

  it('drops a connection the server closed while it was idle and carries on', async () => {
    const server = createServer((_req, res) => res.end('again'));
    server.keepAliveTimeout = 50;
    const served = await listen(server);
    const c = client({ idleMs: 60_000 });
    await c.request(served.origin, get());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(text(await c.request(served.origin, get()))).toBe('again');
    expect(served.connections()).toBe(2);
  });

  it('fails a request whose connection breaks before the answer, and the next one works', async () => {
    let n = 0;
    const served = await httpServer((req, res) => {
      if (n++ === 0) req.socket.destroy();
      else res.end('fine');
    });
    const c = client();
    const error = await c.request(served.origin, get()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(text(await c.request(served.origin, get()))).toBe('fine');
  });

  it('skips interim 1xx answers and reads 204 without a body', async () => {
    const served = await rawServer((n) =>
      n === 0
        ? 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'
        : 'HTTP/1.1 204 No Content\r\n\r\n',
    );
    const c = client();
    expect(text(await c.request(served.origin, get()))).toBe('ok');
    const empty = await c.request(served.origin, get());
    expect([empty.status, empty.body.length]).toEqual([204, 0]);
    expect(served.connections()).toBe(1);
  });

  it('refuses unreadable answers and oversized bodies by name', async () => {
    const garbage = await rawServer(() => 'SMTP ready\r\n\r\n');
    const big = await rawServer(() => 'HTTP/1.1 200 OK\r\nContent-Length: 4096\r\n\r\n');
    const c = client({ maxBodyBytes: 1024 });
    const bad = await c.request(garbage.origin, get()).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Http1Error);
    expect((bad as Http1Error).message).toMatch(/status line/);
    const large = await c.request(big.origin, get()).catch((e: unknown) => e);
    expect((large as Http1Error).message).toMatch(/too large/);
  });

  it('refuses header values that would end the line early', async () => {
    const served = await httpServer((_req, res) => res.end());
    const c = client();
    await expect(
      c.request(served.origin, { method: 'GET', target: '/', headers: { 'X-Key': 'a\r\nX-Evil: 1' } }),
    ).rejects.toThrow(/X-Key.*line break/);
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
    const trusting = client({ ca: cert });
    for (let i = 0; i < 3; i++) expect(text(await trusting.request(served.origin, get()))).toBe('secure');
    expect(served.connections()).toBe(1);
    const wary = client();
    await expect(wary.request(served.origin, get())).rejects.toThrow(/self-signed|certificate/i);
  });
});

describe('http1Sender', () => {
  it('times out a silent server, closing that connection, and aborts on a signal', async () => {
    let closed = 0;
    let arrived: () => void = () => undefined;
    const server = createNetServer((socket) => {
      socket.on('close', () => closed++);
      socket.on('error', () => undefined);
      socket.on('data', () => arrived());
    });
    const served = await listen(server);
    const send = http1Sender(client());
    const late = await send(`${served.origin}/slow`, { method: 'GET', headers: {} }, { timeoutMs: 50 }).catch(
      (e: unknown) => e,
    );
    expect(late).toBeInstanceOf(SendTimeout);
    const controller = new AbortController();
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const aborted = send(
      `${served.origin}/slow`,
      { method: 'GET', headers: {} },
      {
        timeoutMs: 10_000,
        signal: controller.signal,
      },
    );
    await received;
    controller.abort(new Error('stopped by the user'));
    await expect(aborted).rejects.toThrow('stopped by the user');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(2);
  });

  it('hands back status, UTF-8 text and Retry-After', async () => {
    const served = await httpServer((_req, res) =>
      res.writeHead(429, { 'Retry-After': '2' }).end('{"message":"trop de requêtes"}'),
    );
    const answer = await http1Sender(client())(
      `${served.origin}/api/v4/x`,
      { method: 'GET', headers: {} },
      {
        timeoutMs: 1000,
      },
    );
    expect(answer).toEqual({ status: 429, text: '{"message":"trop de requêtes"}', retryAfter: '2' });
  });
});
