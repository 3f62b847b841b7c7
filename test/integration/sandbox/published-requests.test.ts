/**
 * Every request example the exchange publishes (its OpenAPI files) for an endpoint the sandbox serves
 * is taken by the sandbox as the exchange would take it: sent as published (the ids and tickers it
 * names put in place of the sandbox's own where the example names things only the exchange has), it
 * succeeds, or is refused only for what the sandbox's world lacks, never for the request's shape.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishedOperations } from '../../support/contract/rest.ts';
import { isObject, type Json, type JsonObject } from '../../support/contract/files.ts';
import { servedRoutes } from '../../../main/sandbox/index.ts';
import { start, type Harness } from './support.ts';

let h: Harness;
/** The sandbox's own things the examples' names stand for. */
const ours: Record<string, string> = {};

beforeAll(async () => {
  h = await start({ seed: 46 });
  const main = h.client('main');
  const sub = async (alias: string) =>
    (
      await main.post('/api/v4/sub-account/create', {
        alias,
        shareKyc: true,
        permissions: { spotEnabled: true, collateralEnabled: true },
      })
    ).body.id as string;
  ours['subId'] = await sub('examples-kept');
  ours['deletable'] = await sub('examples-deleted');
  ours['blockable'] = await sub('examples-blocked');
  const key = async () =>
    (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: ours['subId'], type: 1 })).body
      .id as string;
  ours['apiKeyId'] = await key();
  ours['deletableKey'] = await key();
  const deposits = await main.post('/api/v4/main-account/history', { transactionMethod: 1 });
  ours['deposit'] =
    (deposits.body.records as Array<{ status: number; transaction_id: string }>).find((r) => r.status === 3)
      ?.transaction_id ?? '';
  ours['plan'] = h.sandbox.control.state.wallet.flex.find((f) => f.status === 'ACTIVE')?.plan ?? '';
  ours['approval'] = h.sandbox.control.awaitApproval('sub-alpha', 'USDT', '10');
});
afterAll(() => h.sandbox.close());

/** Leaves no order open: a clientOrderId is unique among open orders only, and examples share theirs. */
afterEach(async () => {
  const main = h.client('main');
  for (const o of (await main.post('/api/v4/orders', { limit: 100 })).body as Array<{
    orderId: number;
    market: string;
  }>)
    await main.post('/api/v4/order/cancel', { market: o.market, orderId: o.orderId });
});

let unique = 0;

/** Ids and tickers of the examples that name the exchange's things, as the sandbox's own. */
function ourValues(path: string, body: JsonObject): JsonObject {
  const out: JsonObject = { ...body };
  const swap = (field: string, value: string | undefined) => {
    if (field in out) out[field] = value ?? '';
  };
  if (path.startsWith('/api/v4/sub-account/')) {
    const which = path.endsWith('/delete') ? 'deletable' : /block$/.test(path) ? 'blockable' : 'subId';
    swap('id', ours[which]);
    swap('apiKeyId', path.endsWith('/api-key/delete') ? ours['deletableKey'] : ours['apiKeyId']);
  }
  if (path.endsWith('/withdraw/confirm')) swap('id', ours['approval']);
  if (path.endsWith('/refund-deposit')) swap('transactionId', ours['deposit']);
  if (path.endsWith('/deposit/verification')) swap('uniqueId', ours['deposit']);
  if (path.includes('/smart-flex/investments/')) swap('plan', ours['plan']);
  // a withdrawal's and a fiat invoice's unique id is used once: each example sends its own
  if (path.includes('/withdraw') || path.endsWith('/fiat-deposit-url'))
    swap('uniqueId', `example-${String((unique += 1))}`);
  return out;
}

/** Accounts other than the main one, where the example needs an account in another state. */
const ACCOUNT: Record<string, string> = {
  // switching the mode needs no open position or order (the collateral examples leave positions)
  '/api/v4/collateral-account/hedge-mode/update': 'sub-noretail',
};

/**
 * The refusals that say the sandbox's world lacks what the example names (a currency it does not
 * list, a code or position only the exchange issued), each with why; any other refusal is the
 * sandbox refusing the request's shape.
 */
const WORLD: Record<string, { field: string; why: string }> = {
  XLM: { field: 'ticker', why: 'the sandbox lists no XLM' },
  USD: { field: 'ticker', why: 'the sandbox lists no USD (its fiat currency is UAH)' },
  EUR: { field: 'ticker', why: 'the sandbox lists no EUR (its fiat currency is UAH)' },
  USDC: { field: 'ticker', why: 'the sandbox lists no USDC' },
  'WBe11f4fce-2a53-4edc-b195-66b693bd77e3ETH': { field: 'code', why: 'a code only the exchange issued' },
  inv_123: { field: 'investment', why: 'a flex investment only the exchange made' },
  tx_456: { field: 'transaction', why: 'a flex operation only the exchange booked' },
};

const served = new Set(servedRoutes().map((r) => `${r.method} ${r.path}`));
const examples = publishedOperations()
  .filter((op) => served.has(`${op.method} ${op.path}`))
  .flatMap((op) =>
    (op.request?.examples ?? []).map(
      (ex) => [`${op.path} ${ex.where.split('request ')[1] ?? ''}`, op.path, ex.value] as const,
    ),
  );

describe('every published request example is taken by the sandbox', () => {
  it.each(examples)('%s', async (_name, path, value: Json) => {
    if (!isObject(value)) throw new Error(`${path}: a request example that is not an object`);
    const { request: _request, nonce: _nonce, ...fields } = value;
    const r = await h.client(ACCOUNT[path] ?? 'main').post(path, ourValues(path, fields));
    if (r.status < 300) return;
    // a business refusal (not enough funds, an amount below the sandbox's minimum, an address whose
    // checksum fails: "Inner validation failed") took the request; only a request-validation
    // refusal (400 code 0, 422 codes 30 to 37) of a field the sandbox's world has says otherwise
    const code = r.body?.code as number | undefined;
    const shape =
      (r.status === 400 && code === 0) ||
      (r.status === 422 && code !== undefined && code >= 30 && code <= 37);
    const named = Object.keys((r.body?.errors as object | undefined) ?? {});
    const lacking = Object.values(value).flatMap((v) =>
      typeof v === 'string' && WORLD[v] ? [WORLD[v].field] : [],
    );
    const refused = shape ? named.filter((f) => !lacking.includes(f)) : [];
    expect(refused, `${path}: ${JSON.stringify(r.body)}`).toEqual([]);
    expect([400, 422], `${path}: ${JSON.stringify(r.body)}`).toContain(r.status);
  });
});
