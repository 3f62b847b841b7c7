/**
 * Builds the component harness (index.html + main.ts next to this file) with Vite into a temporary
 * directory and serves it on 127.0.0.1 with the app's CSP header, so components are checked under the
 * same policy as in the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';
import { contentType, resolveAsset } from '../../../main/shell/assets.ts';
import { CONTENT_SECURITY_POLICY } from '../../../main/shell/csp.ts';

export interface Harness {
  /** Origin to open, e.g. `${origin}/?component=grid&rows=10`. */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const outDir = mkdtempSync(join(tmpdir(), 'txc-harness-'));
  await build({
    configFile: false,
    root: resolve('test/e2e/components'),
    base: '/',
    logLevel: 'warn',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: { outDir, emptyOutDir: true, target: 'chrome140', modulePreload: { polyfill: false } },
  });

  const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/favicon.ico') return void res.writeHead(204, headers).end();
    const file = req.method === 'GET' ? resolveAsset(outDir, url.pathname) : undefined;
    if (!file) return void res.writeHead(404, headers).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-type': contentType(file) }).end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
