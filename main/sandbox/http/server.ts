/** node:http server: body reading, routing, authentication, permissions, rate limits, faults, JSON. */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FaultInjector } from '../faults.ts';
import type { SandboxState } from '../state.ts';
import { ipAllowed } from '../ip-allow.ts';
import { authenticate } from './auth.ts';
import { ApiError, KEY_DISABLED, NO_PERMISSION, forbidden, notFound, rateLimited } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { tell, watched } from '../traffic.ts';
import type { PrivateRoute, PublicRoute, Route } from './route.ts';

const MAX_BODY = 1 << 20;

export interface HttpOptions {
  state: SandboxState;
  routes: Route[];
  /** Current fault injector, if any (can change at run time). */
  faults?: () => FaultInjector | undefined;
  /** Called before each request is handled (time-driven simulation steps). */
  beforeRequest?: () => void;
  /** Called after each authenticated private request, applied or refused (persistence). */
  afterWrite?: () => void;
}

/** A code-30 validation failure as the route's endpoint answers it (see `PrivateRoute.validation`). */
function asPublished(route: PrivateRoute, err: ApiError): { status: number; body: unknown } {
  const body = err.body as { code?: unknown; errors?: Record<string, string[]> };
  if (!route.validation || err.status !== 422 || body.code !== 30)
    return { status: err.status, body: err.body };
  if (route.validation === 'fields')
    return { status: 400, body: { code: 0, message: 'Validation failed', errors: body.errors ?? {} } };
  const first = Object.values(body.errors ?? {})[0]?.[0];
  return { status: 422, body: { code: 0, message: first ?? 'Validation failed' } };
}

export function createHttpServer(options: HttpOptions): Server {
  const { state } = options;
  const limiter = new RateLimiter();
  const privateRoutes = new Map<string, PrivateRoute>();
  const publicRoutes = new Map<string, PublicRoute>();
  for (const r of options.routes) {
    if (r.method === 'POST') privateRoutes.set(r.path, r);
    else publicRoutes.set(r.path, r);
  }

  const handle = (
    req: IncomingMessage,
    raw: Buffer,
  ): { status: number; body: unknown; headers?: Record<string, string> } => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const ip = req.socket.remoteAddress ?? 'unknown';
    options.beforeRequest?.();
    if (req.method === 'GET') {
      const route = publicRoutes.get(path) ?? publicRoutes.get(path.replace(/\/[^/]+$/, '/{market}'));
      try {
        if (!route) throw notFound();
        if (route.group) {
          const wait = limiter.take(`ip:${ip}`, route.group, state.now());
          if (wait > 0) throw rateLimited(wait / 1000);
        }
        return { status: 200, body: route.handler({ query: url.searchParams, path, ip }) };
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(500, { error: ['Internal server error.'] });
        if (route?.errors === 'flat' || e.status === 500)
          return { status: e.status, body: e.body, headers: e.headers };
        const message = (e.body as { message?: unknown }).message ?? null;
        const body =
          route?.errors === 'array'
            ? { success: false, message, errors: [] }
            : { success: false, message, params: [] };
        return { status: e.status, body, headers: e.headers };
      }
    }
    let authenticated = false;
    try {
      if (req.method !== 'POST') throw notFound();
      const route = privateRoutes.get(path);
      if (!route) throw notFound();
      const { key, body } = authenticate(state, path, req.headers, raw);
      authenticated = true;
      const account = state.accounts.get(key.accountId);
      if (!account) throw forbidden(NO_PERMISSION);
      if (key.ips?.length && !ipAllowed(key.ips, ip))
        throw forbidden('Your IP address is not allowed to use this API key.');
      if (account.kind === 'sub') {
        // a blocked sub-account's keys stop working until it is unblocked
        if (account.sub?.status === 'blocked') throw forbidden(KEY_DISABLED);
        if (route.mainOnly) throw forbidden(NO_PERMISSION);
        if (route.fundsKey && key.type === 1) throw forbidden(NO_PERMISSION);
        const setting = key.urls.get(path);
        if (setting === false || (setting === undefined && route.explicitPermission))
          throw forbidden(NO_PERMISSION);
      }
      if (route.group) {
        const wait = limiter.take(key.id, route.group, state.now());
        if (wait > 0) throw rateLimited(wait / 1000);
      }
      state.received?.({ via: 'rest', path, account: account.label, body });
      return { status: route.status ?? 200, body: route.handler({ account, key, body, path }) };
    } catch (err) {
      if (err instanceof ApiError) {
        const route = privateRoutes.get(path);
        return {
          ...(route ? asPublished(route, err) : { status: err.status, body: err.body }),
          headers: err.headers,
        };
      }
      return { status: 500, body: { code: 0, message: 'Internal server error.', errors: {} } };
    } finally {
      // an authenticated request used its nonce even when it was then refused
      if (authenticated) options.afterWrite?.();
    }
  };

  const respond = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = JSON.stringify(body ?? {});
    if (watched()) {
      const path = new URL(req.url ?? '/', 'http://sandbox.local').pathname;
      tell({ via: 'rest', method: req.method ?? '', path, status, body: JSON.parse(text) as unknown });
    }
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // past the limit the rest is read and dropped, then answered 413
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      if (size > MAX_BODY) {
        respond(req, res, 413, { code: 0, message: 'Payload too large.', errors: {} });
        return;
      }
      const raw = Buffer.concat(chunks);
      const faults = options.faults?.();
      const run = (): void => {
        if (faults?.failBefore()) {
          respond(req, res, 503, { code: 0, message: 'Service temporarily unavailable.', errors: {} });
          return;
        }
        const out = handle(req, raw);
        if (faults?.dropAfter()) {
          res.socket?.destroy();
          return;
        }
        respond(req, res, out.status, out.body, out.headers);
      };
      const delay = faults?.latencyMs() ?? 0;
      if (delay > 0) setTimeout(run, delay);
      else run();
    });
  });
}
