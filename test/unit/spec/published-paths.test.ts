/**
 * Every endpoint the client calls exists in the exchange's published files: each endpoint of the
 * registry (main/exchange/registry) is a published operation of its method, and each WebSocket
 * method the client sends is a published method, or stands in the one list of what the files do
 * not publish, with its reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REST_ENDPOINTS, WS_METHODS } from '../../../main/exchange/registry/index.ts';
import { CHANNELS } from '../../../main/exchange/ws/channels.ts';
import { operationOf } from '../../support/contract/rest.ts';
import { UNPUBLISHED } from '../../support/contract/traffic.ts';
import { wsContract } from '../../support/contract/ws.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'sandbox' ? [] : sources(path);
    return path.endsWith('.ts') ? [{ file: path.slice(repo.length), text: readFileSync(path, 'utf8') }] : [];
  });
}

const main = sources(join(repo, 'main'));

/** Each REST endpoint the client calls: the registry's (the only place main writes a path). */
const paths = new Map(REST_ENDPOINTS.map((e) => [e.path, e.method] as const));

/** The parameters of a path (`{market}`) match any one segment. */
const published = (method: 'GET' | 'POST', path: string): boolean =>
  operationOf(method, path.replace(/\{[A-Za-z]*\}/g, 'X')) !== undefined;

describe('every endpoint the client calls is published', () => {
  it('reads the endpoints of the registry', () => {
    expect(paths.size).toBeGreaterThan(60);
  });

  it.each([...paths.keys()].sort())('%s', (path) => {
    const method = paths.get(path) ?? 'POST';
    if (UNPUBLISHED.rest[`${method} ${path}`] !== undefined) return;
    expect(published(method, path), `${method} ${path}`).toBe(true);
  });

  it('names only endpoints that are still unpublished as unpublished', () => {
    for (const endpoint of Object.keys(UNPUBLISHED.rest)) {
      const [method, path] = endpoint.split(' ') as ['GET' | 'POST', string];
      expect(published(method, path), endpoint).toBe(false);
      expect(paths.get(path), `${endpoint} is no longer called`).toBe(method);
    }
  });
});

/** The WebSocket methods the client sends: the registry's, and channels' `'<channel>_<action>'`. */
const methods = new Set<string>(WS_METHODS.map((m) => m.method));
for (const { text } of main.filter(
  (f) => f.file.startsWith('main/exchange/') || f.file.startsWith('main/services/'),
)) {
  for (const m of text.matchAll(/['`]([a-zA-Z]+_(?:subscribe|unsubscribe|request|query))['`]/g))
    methods.add(m[1] ?? '');
}

describe('every WebSocket method the client sends is published', () => {
  const contract = wsContract();
  const listed = (method: string): boolean =>
    /^(order|collateral_order)_/.test(method) ||
    Object.keys(UNPUBLISHED.ws).some((ch) => method.startsWith(`${ch}_`));

  it.each([...methods].sort())('%s', (method) => {
    if (listed(method)) return;
    expect(contract.methods.has(method), method).toBe(true);
  });

  it('subscribes only to published channels, or to those listed as unpublished', () => {
    for (const ch of CHANNELS) {
      const known = contract.methods.has(`${ch}_subscribe`) || listed(`${ch}_subscribe`);
      expect(known, ch).toBe(true);
    }
  });
});
