import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * How long a served file may be kept: the build names everything under `/assets/` by its content
 * (`App-B49gw3wo.js`), so those never change and the engine keeps them, and their compiled code,
 * from one load to the next; index.html is read afresh each time.
 */
export function cachingOf(pathname: string): Record<string, string> {
  return pathname.startsWith('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {};
}

export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request path to a file under `root`, or undefined when it would leave `root`
 * (`..`, encoded separators, NUL). `/` is the app's index.html.
 */
export function resolveAsset(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const file = resolve(base, relative);
  return file.startsWith(base + sep) ? file : undefined;
}
