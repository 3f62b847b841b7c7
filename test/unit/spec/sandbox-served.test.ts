/**
 * Every operation of the exchange's published files (`../shared/spec/published/openapi/`) is served
 * by the sandbox's route table, or stands in the one list of what only partners and institutions can
 * call (which stays out), with its reason. An operation neither served nor listed fails, and so does
 * a listed one that becomes served: the list only shrinks, and a newly published operation a desk
 * uses is served before this passes.
 */
import { describe, expect, it } from 'vitest';
import { servedRoutes } from '../../../main/sandbox/route-table.ts';
import { PARTNER } from '../../support/contract/partner.ts';
import { publishedOperations } from '../../support/contract/rest.ts';

const served = servedRoutes();
const ops = publishedOperations();
const id = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
/** The sandbox serves the operation: a route of its method whose path (placeholders as one segment) it matches. */
const isServed = (op: (typeof ops)[number]) =>
  served.some((r) => r.method === op.method && op.matches(r.path.replace(/\{[A-Za-z]*\}/g, 'X')));

describe('every published endpoint: served by the sandbox, or a partner endpoint with its reason', () => {
  it('reads every operation of the published OpenAPI files', () => {
    const files = new Set(ops.map((op) => op.file));
    expect([...files].sort()).toEqual([
      'openapi/oauth2.yaml',
      'openapi/private/address-checker.yaml',
      'openapi/private/http-trade-v4.yaml',
      'openapi/private/main_api_v4.yaml',
      'openapi/public/http-v1.yaml',
      'openapi/public/http-v4.yaml',
    ]);
    expect(new Set(ops.map(id)).size).toBe(ops.length);
  });

  it.each(ops.map((op) => [id(op), op] as const))('%s', (name, op) => {
    if (isServed(op)) expect(name in PARTNER, `${name} is served: take it off the partner list`).toBe(false);
    else expect(name in PARTNER, `${name} is neither served nor a partner endpoint`).toBe(true);
  });

  it('lists only published operations', () => {
    const published = new Set(ops.map(id));
    const unknown = Object.keys(PARTNER).filter((k) => !published.has(k));
    expect(unknown).toEqual([]);
  });

  it('adds up: published = served + partner', () => {
    expect(ops.filter(isServed).length + Object.keys(PARTNER).length).toBe(ops.length);
  });
});
