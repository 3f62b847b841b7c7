/**
 * The renderer's Content-Security-Policy: everything from the app's own origin, nothing inline, no
 * eval, no plugins, no framing, no form posts. The same string is sent as a response header by the
 * app protocol and written into index.html as a meta tag at build time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The same policy for the index.html meta tag, where browsers ignore `frame-ancestors`. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '');

/** Vite's dev server injects styles inline for hot reload; only `npm run dev` uses this one. */
export const DEV_CONTENT_SECURITY_POLICY = META_CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
);
