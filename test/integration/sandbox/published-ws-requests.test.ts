/**
 * Every request example the exchange publishes for its WebSocket (its AsyncAPI files) is taken by the
 * sandbox as the exchange would take it: sent as published, on an authorized connection, each
 * answers without an error. Where an example names a market the sandbox does not list (`ETH_BTC`,
 * `SHIB_PERP`), one of its own of the same kind stands in, and the token is one the sandbox issued;
 * nothing else of the example is changed. The answers themselves are held to their published schemas
 * by the suites' contract hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '../../../main/sandbox/fixture.ts';
import { wsContract } from '../../support/contract/ws.ts';
import type { Json } from '../../support/contract/files.ts';
import { Peer, startWs, type WsHarness } from '../ws/support.ts';

let h: WsHarness;
/** One authorized connection, as a client keeps one: every example but `authorize` is sent on it. */
let peer: Peer;
beforeAll(async () => {
  h = await startWs();
  peer = await h.authorized('sub-alpha');
});
afterAll(() => h.close());

const listed = new Set(MARKETS.map((m) => m.name));
const MARKET = /^[A-Z0-9]+_[A-Z0-9]+$/;

/** The example's params with the sandbox's own markets and token where it names the exchange's. */
function ours(value: Json, token: string): Json {
  if (Array.isArray(value)) return value.map((v) => ours(v, token));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ours(v, token)]));
  if (value === '<WEB_SOCKET_TOKEN>') return token;
  if (typeof value === 'string' && MARKET.test(value) && !listed.has(value))
    return value.endsWith('_PERP') ? 'BTC_PERP' : 'ETH_USDT';
  return value;
}

const examples = [...wsContract().methods.values()].flatMap((m) =>
  m.request.examples.map((ex) => [`${m.method} ${JSON.stringify(ex.value)}`, m.method, ex.value] as const),
);

describe('every published WebSocket request example is taken by the sandbox', () => {
  it('reads the examples of the published methods', () => {
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples)('%s', async (_name, method, value) => {
    const params = (value as { params?: Json }).params ?? [];
    expect(Array.isArray(params), `${method}: params are a list`).toBe(true);
    // a token authorizes one connection: `authorize` is sent, with its own, on a connection of its own
    const fresh = method === 'authorize' ? await Peer.open(h.url) : undefined;
    try {
      const token = fresh ? await h.token('sub-alpha') : '';
      const answer = await (fresh ?? peer).call(method, ours(params, token) as unknown[]);
      expect(answer.error, `${method}: ${JSON.stringify(answer.error)}`).toBeNull();
    } finally {
      fresh?.close();
    }
  });

  it('refuses a request whose params it cannot read (so the test above can fail)', async () => {
    const peer = await Peer.open(h.url);
    try {
      expect(
        (await peer.call('candles_request', ['BTC_USDT', 'soon', 'later', 'hourly'])).error,
      ).not.toBeNull();
    } finally {
      peer.close();
    }
  });
});
