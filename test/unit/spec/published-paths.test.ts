/**
 * Every endpoint the client calls exists in the exchange's published files: each path written in
 * main (outside the sandbox) is a published operation of its method (GET for `publicGet`, POST for
 * the signed calls), and each WebSocket method the client sends is a published method, or stands in
 * the one list of what the files do not publish, with its reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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

/** Each REST path written in main: `'/api/v4/orders'`, a template's placeholders as `{}`. */
const paths = new Map<string, string>();
for (const { file, text } of main)
  for (const m of text.matchAll(/['`](\/api\/v[14]\/[A-Za-z][A-Za-z0-9_/${}().-]*)['`]/g)) {
    const path = (m[1] ?? '').replace(/\$\{[^}]*\}/g, '{}');
    if (!paths.has(path)) paths.set(path, file);
  }

/** The placeholders of a published path match any one segment. */
const published = (method: 'GET' | 'POST', path: string): boolean =>
  operationOf(method, path.replace(/\{\}/g, 'X')) !== undefined;

describe('every endpoint the client calls is published', () => {
  it('finds the paths the client writes', () => {
    expect(paths.size).toBeGreaterThan(60);
  });

  it.each([...paths.keys()].sort())('%s', (path) => {
    const method = path.startsWith('/api/v4/public/') ? 'GET' : 'POST';
    if (UNPUBLISHED.rest[`${method} ${path}`] !== undefined) return;
    expect(published(method, path), `${method} ${path} (${String(paths.get(path))})`).toBe(true);
  });

  it('names only endpoints that are still unpublished as unpublished', () => {
    for (const endpoint of Object.keys(UNPUBLISHED.rest)) {
      const [method, path] = endpoint.split(' ') as ['GET' | 'POST', string];
      expect(published(method, path), endpoint).toBe(false);
      expect(paths.has(path), `${endpoint} is no longer called`).toBe(true);
    }
  });
});

/** The WebSocket methods the client sends: written as `'<channel>_<action>'` or the order methods. */
const methods = new Set<string>();
for (const { text } of main.filter(
  (f) => f.file.startsWith('main/exchange/') || f.file.startsWith('main/services/'),
)) {
  for (const m of text.matchAll(/['`]([a-zA-Z]+_(?:subscribe|unsubscribe|request|query))['`]/g))
    methods.add(m[1] ?? '');
  for (const m of text.matchAll(/['`]((?:order|collateral_order)_[a-z_]+)['`]/g)) methods.add(m[1] ?? '');
  for (const m of text.matchAll(/\b(?:call|request)(?:<[^>]*>)?\(\s*['`](ping|time|authorize)['`]/g))
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
