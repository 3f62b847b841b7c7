/**
 * Every operation of the exchange's published files that a desk may call is reached by the app: an
 * endpoint descriptor of the registry (main/exchange/registry) with its method and path, which the
 * client calls (main/exchange names `REST.<name>`), and whose procedures, where it names them, are
 * procedures of the contract. The partner list
 * (test/support/contract/partner.ts) stays out. The v1 public routes are ccxt's: the app reads v4,
 * ccxt (the peer every benchmark compares with) reads v1, and public-v1.test.ts checks each of them.
 * NOT_REACHED_YET is open work: an entry that becomes reached fails, so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REST } from '../../../main/exchange/registry/index.ts';
import { procedureNames } from '../../../main/ipc/contract.ts';
import { PARTNER } from '../../support/contract/partner.ts';
import { publishedOperations } from '../../support/contract/rest.ts';

const NOT_REACHED_YET: Record<string, string> = {
  'POST /api/v4/order/conditional-cancel':
    'a third route to the OCO and OTO cancels, which go by their own (oco-cancel, oto-cancel): no screen lists conditional orders by their own ids yet',
};

const ops = publishedOperations();
const id = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const v1 = readFileSync(new URL('../../integration/sandbox/public-v1.test.ts', import.meta.url), 'utf8');
const known = new Set<string>(procedureNames);

const exchange = fileURLToPath(new URL('../../../main/exchange/', import.meta.url));
/** The client's sources: every file of main/exchange outside the registry. */
const client = readdirSync(exchange, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.startsWith('registry'))
  .map((f) => readFileSync(join(exchange, f), 'utf8'))
  .join('\n');

/** The descriptors of the operation that the client calls. */
function called(op: (typeof ops)[number]) {
  return Object.entries(REST)
    .filter(([, e]) => e.method === op.method && op.matches(e.path))
    .filter(([name]) => new RegExp(`\\bREST\\.${name}\\b`).test(client))
    .map(([, e]) => e);
}

describe('every published operation a desk may call is reached by the app', () => {
  const desk = ops.filter((op) => !(id(op) in PARTNER));

  it.each(desk.map((op) => [id(op), op] as const))('%s', (name, op) => {
    if (op.path.startsWith('/api/v1/')) {
      expect(v1.includes(`'${op.path}`), `${name}: public-v1.test.ts reads it as ccxt does`).toBe(true);
      return;
    }
    const by = called(op);
    const procedures = by.flatMap((e) => e.reachedBy ?? []);
    expect(
      procedures.filter((p) => !known.has(p)),
      `${name}: names procedures the contract lacks`,
    ).toEqual([]);
    if (name in NOT_REACHED_YET) expect(by, `${name} is reached: take it off NOT_REACHED_YET`).toEqual([]);
    else expect(by.length, `${name}: no descriptor the client calls`).toBeGreaterThan(0);
  });

  it('lists only published operations a desk may call', () => {
    const names = new Set(desk.map(id));
    expect(Object.keys(NOT_REACHED_YET).filter((k) => !names.has(k))).toEqual([]);
  });
});
