/**
 * Development mode: the renderer from the Vite dev server, DevTools and their menu entries. Only
 * `npm run dev` asks for it, with an argument on Electron's command line that `npm start` and the
 * installed app never pass, and a packaged app never honours it. An environment variable alone (the
 * old `TXC_DEV_SERVER_URL`) is ignored: the page loaded becomes the origin IPC trusts.
 */

/** The argument `scripts/dev.ts` passes: `--txc-dev-server=http://localhost:5173/`. */
export const DEV_SERVER_ARG = '--txc-dev-server=';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The dev server's page when running from source under `npm run dev`; undefined otherwise. */
export function developmentServer(argv: readonly string[], packaged: boolean): string | undefined {
  if (packaged) return undefined;
  const arg = argv.find((a) => a.startsWith(DEV_SERVER_ARG));
  if (!arg) return undefined;
  try {
    const url = new URL(arg.slice(DEV_SERVER_ARG.length));
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
