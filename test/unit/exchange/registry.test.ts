/**
 * The endpoint registry (main/exchange/registry) is the one place main writes an endpoint: no other
 * file outside the sandbox spells a path or sends a WebSocket method by a name of its own, each
 * descriptor is called, and the desk's tables read each descriptor as it says.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointGroup, wsMethodGroup } from '../../../main/exchange/endpoint-groups.ts';
import {
  DESK_REQUESTS,
  deskRequestOf,
  FUND_MOVING_PATHS,
  pathKey,
  PRIVATE_ENDPOINTS,
  REST,
  REST_ENDPOINTS,
  restEndpointOf,
  WS_METHODS,
} from '../../../main/exchange/registry/index.ts';
import { approvalKind, DEFAULT_POLICY } from '../../../main/policy/desk-policy.ts';
import { roleForPath, roleForSocketMethod } from '../../../main/policy/desk-roles.ts';
import { KEY_CAPABILITIES } from '../../../main/services/desk/key-capabilities.ts';
import { knownPath, movesFunds } from '../../../main/services/desk/key-paths.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const REGISTRY = 'main/exchange/registry/';

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [{ file: path.slice(repo.length), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** The code of a file without its comments (a comment may name a path: it sends nothing). */
const code = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A path written as a string: an exchange endpoint's (`/api/v4/…`) or a desk request's (`/desk/…`). */
const PATH_LITERAL = /['"`](?:\/?api\/v\d+|\/desk)\/[A-Za-z][^'"`]*['"`]?/g;

/** The registry's paths without their prefix, of two parts or more (`order/new`). */
const TAILS = new Set(
  REST_ENDPOINTS.map((e) => e.path.replace(/^\/api\/v\d+\//, '')).filter((t) => t.includes('/')),
);
/** The tails written as a string (or the end of a template string) in `text`. */
const unprefixed = (text: string): string[] =>
  [...text.matchAll(/[}'"`]\/?([a-z][A-Za-z0-9_/{}-]*)['"`]/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => TAILS.has(t));

/**
 * A landed migration is the record of what already ran on a user's database and is never changed
 * (each `migrations/index.ts` says so): the paths it wrote stay as they were written. What a migration once
 * seeded is kept current from the registry by code that runs on every setup (`team/request-kinds.ts`).
 */
const MIGRATION = /^main\/[a-z]+\/migrations\//;
const main = sources(join(repo, 'main')).filter(
  (f) => !f.file.startsWith('main/sandbox/') && !f.file.startsWith(REGISTRY) && !MIGRATION.test(f.file),
);

describe('the endpoint registry', () => {
  it("is the only place in main, the sandbox aside, where an endpoint's path is written", () => {
    const written = main.flatMap(({ file, text }) =>
      [...code(text).matchAll(PATH_LITERAL)].map((m) => `${file}: ${m[0]}`),
    );
    expect(written).toEqual([]);
  });

  it("is the only place where an endpoint's path is written without its prefix either", () => {
    // `order/new` joined to the prefix elsewhere is the path written too (a one-word tail, `orders`,
    // is a word as often as a path: only tails of two parts or more are looked for)
    const written = main.flatMap(({ file, text }) =>
      unprefixed(code(text)).map((tail) => `${file}: ${tail}`),
    );
    expect(written).toEqual([]);
    expect(unprefixed("post(`${V4}order/new`); x('/main-account/withdraw'); tab('orders')")).toEqual([
      'order/new',
      'main-account/withdraw',
    ]);
  });

  it('finds a path written outside it (the test above can fail)', () => {
    const sample =
      "c.post('/api/v4/order/new', body); // '/api/v4/orders'\n/* `/api/v4/x` */ get(`/api/v4/y/${a}`)\n" +
      "propose([{ path: '/desk/policy' }]); import './desk/board.ts'; `p.path = '/desk/order-guards'`";
    expect([...code(sample).matchAll(PATH_LITERAL)].map((m) => m[0])).toEqual([
      "'/api/v4/order/new'",
      '`/api/v4/y/${a}`',
      "'/desk/policy'",
      "'/desk/order-guards'",
    ]);
  });

  it('has each path once, whatever its letter case, each under /api/v4/', () => {
    const keys = REST_ENDPOINTS.map((e) => pathKey(e.path));
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of REST_ENDPOINTS) {
      expect(e.path).toMatch(/^\/api\/v4\/[a-z]/);
      expect(restEndpointOf(e.path.toUpperCase())).toBe(e);
      // a public endpoint is read without a key: no key, role or four-eyes fact applies to it
      if (e.method === 'GET')
        expect([e.desk, e.capability, e.movesFunds, e.fourEyes], e.path).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
    }
    const methods = WS_METHODS.map((m) => m.method);
    expect(new Set(methods).size).toBe(methods.length);
    // the desk's own requests: under /desk/, never an exchange path, each held for a second operator
    for (const r of DESK_REQUESTS) {
      expect(r.path).toMatch(/^\/desk\/[a-z]/);
      expect(restEndpointOf(r.path)).toBeUndefined();
      expect(deskRequestOf(r.path.toUpperCase())).toBe(r);
      expect(approvalKind(DEFAULT_POLICY, r.path, {})).toBeDefined();
    }
  });

  it('has every endpoint called somewhere in main', () => {
    const text = main.map((f) => f.text).join('\n');
    const unused = Object.keys(REST).filter((name) => !new RegExp(`\\bREST\\.${name}\\b`).test(text));
    expect(unused).toEqual([]);
  });

  it('names every WebSocket method the client sends by itself, but for channels', () => {
    // a method is sent with the registry's name (`WS.orderModify.method`), or a channel's name and
    // action (`${channel}_subscribe`); a literal name in a call would be a method it does not know
    const literal = main.flatMap(({ file, text }) =>
      [...code(text).matchAll(/\b(?:request|orderRequest|call)(?:<[^>]*>)?\(\s*['"`]([A-Za-z_]+)['"`]/g)]
        .map((m) => m[1] ?? '')
        .filter((method) => !/_(?:subscribe|unsubscribe|request|query)$/.test(method))
        .map((method) => `${file}: ${method}`),
    );
    expect(literal).toEqual([]);
    const sample = "client.orderRequest<WsOrder>('order_limit_place', [p]); c.request('ping')";
    expect(
      [...sample.matchAll(/\b(?:request|orderRequest|call)(?:<[^>]*>)?\(\s*['"`]([A-Za-z_]+)['"`]/g)].length,
    ).toBe(2);
  });
});

describe("the tables, read from the registry's descriptors", () => {
  it.each(REST_ENDPOINTS.map((e) => [e.path, e] as const))('%s', (path, e) => {
    // the rate-limit budget
    expect(endpointGroup(path).group).toBe(e.group ?? `path:${path}`);
    if (e.method === 'GET') return;
    // the desk's role, and what a refusal says
    expect(roleForPath(path)).toEqual(e.desk);
    // a key permission may name it; it moves funds, or not
    expect(knownPath(path.toUpperCase())).toBe(path);
    expect(movesFunds(path)).toBe(e.movesFunds === true);
    expect(FUND_MOVING_PATHS.includes(path)).toBe(e.movesFunds === true);
    const holders = KEY_CAPABILITIES.filter((c) => c.urls.includes(path)).map((c) => c.id);
    expect(holders).toEqual(e.capability ? [e.capability] : []);
    // the four-eyes policy holds what the descriptor names, and nothing else (policy in force: the default)
    const fields = { type: 2, urls: [{ url: REST.withdraw.path, enable: true }] };
    expect(approvalKind(DEFAULT_POLICY, path, fields) !== undefined).toBe(e.fourEyes !== undefined);
  });

  it.each(WS_METHODS.map((m) => [m.method, m] as const))('%s', (method, m) => {
    expect(wsMethodGroup(method)).toBe(m.group);
    if (m.desk) expect(roleForSocketMethod(method)).toEqual(m.desk);
  });

  it('offers every signed endpoint as a permission', () => {
    expect(PRIVATE_ENDPOINTS.filter((e) => knownPath(e.path) !== e.path)).toEqual([]);
  });
});
