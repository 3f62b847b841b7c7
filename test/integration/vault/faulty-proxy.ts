/**
 * An HTTP proxy on loopback in front of the sandbox's REST API that fails the requests a test
 * chooses: the connection cut before any answer, or an answer of its own (a 500, a 429 with
 * Retry-After); every other request goes through unchanged.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = { cut: true } | { status: number; headers?: Record<string, string>; body?: string };

export interface FaultyProxy {
  readonly url: string;
  /** Decides each request's fate by its number (from 1) and path; undefined: passed through. */
  fault: (n: number, path: string) => Fault | undefined;
  /** Requests seen, and those failed, by kind. */
  readonly seen: { requests: number; cut: number; answered: Record<number, number> };
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const seen = { requests: 0, cut: 0, answered: {} as Record<number, number> };
  const proxy: FaultyProxy = { url: '', fault: () => undefined, seen, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const n = ++seen.requests;
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const fault = proxy.fault(n, path);
      if (fault && 'cut' in fault) {
        seen.cut++;
        req.socket.destroy();
        return;
      }
      if (fault) {
        seen.answered[fault.status] = (seen.answered[fault.status] ?? 0) + 1;
        res
          .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
          .end(fault.body ?? '');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host') headers[k] = v;
      const answer = await fetch(`${target}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'POST' ? { body } : {}),
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
      });
      res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
