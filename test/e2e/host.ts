/**
 * The browser test host: runs the main-process core under Node, serves the built renderer on
 * 127.0.0.1, and carries the same bridge over a loopback WebSocket guarded by a random token and the
 * page's Origin. For tests and development only; never packaged.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractNamesOnly } from '../../scripts/contract-names.ts';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../../main/core.ts';
import { cachingOf, contentType, resolveAsset } from '../../main/shell/assets.ts';
import { CONTENT_SECURITY_POLICY } from '../../main/shell/csp.ts';

export const BRIDGE_SCRIPT_PATH = '/__txc/bridge.js';
export const BRIDGE_SOCKET_PATH = '/__txc/bridge';

export interface BrowserHost {
  /** The page to open, token included. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

let bridgeScript: Promise<string> | undefined;

/** Bundles test/e2e/browser/ws-bridge.ts into one classic script (once per process). */
export function bundleBridgeScript(): Promise<string> {
  // Vite is loaded only here, so a host given its script (the bench's main process) never holds it.
  bridgeScript ??= import('vite').then(({ build }) =>
    build({
      configFile: false,
      logLevel: 'warn',
      // The same bridge as the Electron preload's, bundled the same way (names, not schemas).
      plugins: [contractNamesOnly()],
      build: {
        write: false,
        target: 'chrome140',
        minify: false,
        lib: {
          entry: 'test/e2e/browser/ws-bridge.ts',
          formats: ['iife'],
          name: 'txcBridge',
          fileName: () => 'bridge.js',
        },
      },
    }).then((out) => {
      const outputs = Array.isArray(out) ? out : [out];
      for (const o of outputs) {
        if ('output' in o) for (const chunk of o.output) if (chunk.type === 'chunk') return chunk.code;
      }
      throw new Error('bridge bundle produced no chunk');
    }),
  );
  return bridgeScript;
}

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `bridgeScript`: the bundle of `bundleBridgeScript()`, when it was built in another process. */
export async function startBrowserHost(
  core: Core,
  rendererDir: string,
  port = 0,
  bridgeScript?: string,
): Promise<BrowserHost> {
  const token = randomBytes(24).toString('hex');
  const script = bridgeScript ?? (await bundleBridgeScript());
  const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET') return void res.writeHead(405, headers).end();
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      return void res
        // Electron runs the preload from disk before the page's scripts; the page keeps this stand-in
        // for the host's life (it does not change) rather than fetching it before every load.
        .writeHead(200, {
          ...headers,
          'cache-control': 'private, max-age=86400',
          'content-type': 'text/javascript; charset=utf-8',
        })
        .end(script);
    }
    const file = resolveAsset(rendererDir, url.pathname);
    if (!file) return void res.writeHead(404, headers).end();
    try {
      let body: Buffer | string = await readFile(file);
      if (file.endsWith('index.html')) {
        body = body
          .toString('utf8')
          .replace('<head>', `<head>\n    <script src="${BRIDGE_SCRIPT_PATH}"></script>`);
      }
      res
        .writeHead(200, { ...headers, ...cachingOf(url.pathname), 'content-type': contentType(file) })
        .end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const allowed =
      url.pathname === BRIDGE_SOCKET_PATH &&
      req.headers.origin === origin &&
      sameToken(url.searchParams.get('token'), token);
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  // Each bridge socket is one page instance: what it subscribed to ends when it closes.
  let pages = 0;
  function serve(ws: WebSocket): void {
    const frame = `browser-host-${String(++pages)}`;
    const outlet = core.events.page(
      () => frame,
      (event, payload) => ws.send(JSON.stringify({ event, payload })),
    );
    ws.on('close', () => {
      outlet.close();
      core.endFrame(frame);
    });
    ws.on('message', async (data) => {
      let message: { id?: unknown; procedure?: unknown; input?: unknown; reads?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return ws.close(1003, 'invalid JSON');
      }
      // The events the page reads (its bridge's listeners), as the preload tells main in the app.
      if (Array.isArray(message.reads)) return outlet.reads(message.reads);
      if (typeof message.id !== 'number') return ws.close(1003, 'missing id');
      const reply = await core.router.dispatch(message.procedure, message.input, {
        origin: 'browser-host',
        frame,
      });
      ws.send(JSON.stringify({ id: message.id, reply }));
    });
  }

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
