import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { cachingOf, contentType, resolveAsset } from './assets.ts';
import { CONTENT_SECURITY_POLICY } from './csp.ts';

/** The renderer is served from `app://txc/`, never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'txc';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Must run before the app is ready. `codeCache`: the renderer's scripts are compiled once and their
 * code kept on disk for the next start (by default only http(s) pages get V8's code cache).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer with the strict CSP header; anything outside `rendererDir` is a 404. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveAsset(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          ...cachingOf(url.pathname),
          'content-type': contentType(file),
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
