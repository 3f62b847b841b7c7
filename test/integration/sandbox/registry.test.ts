/**
 * The sandbox serves what the app calls: every endpoint of the registry (main/exchange/registry) is a
 * route of the sandbox with the same method, and every method of the registry is one the sandbox's
 * WebSocket knows. What the sandbox serves beyond the registry is the exchange's too: a published
 * operation the app does not call (the sandbox stands for the exchange, not for the app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ENDPOINTS, WS_METHODS } from '../../../main/exchange/registry/index.ts';
import { servedRoutes } from '../../../main/sandbox/index.ts';
import { operationOf } from '../../support/contract/rest.ts';
import { startWs, type Peer, type WsHarness } from '../ws/support.ts';

const served = servedRoutes();
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe("the sandbox's routes, held to the registry", () => {
  it('serves every endpoint of the registry, with its method', () => {
    const routes = new Set(served.map(key));
    expect(REST_ENDPOINTS.map(key).filter((e) => !routes.has(e))).toEqual([]);
  });

  it('serves beyond the registry only operations the exchange publishes', () => {
    const registry = new Set(REST_ENDPOINTS.map(key));
    const beyond = served.filter((r) => !registry.has(key(r)));
    expect(
      beyond.filter((r) => operationOf(r.method, r.path.replace(/\{[A-Za-z]*\}/g, 'X')) === undefined),
    ).toEqual([]);
  });
});

describe("the sandbox's WebSocket, held to the registry", () => {
  let h: WsHarness;
  let peer: Peer;
  beforeAll(async () => {
    h = await startWs();
    peer = await h.authorized('sub-alpha');
  });
  afterAll(() => h.close());

  it.each(WS_METHODS.map((m) => m.method))('knows %s', async (method) => {
    // no params: each known method refuses them (or, for ping, answers); none is "Method not found"
    const answer = await peer.call(method, []);
    expect(answer.error?.code, `${method}: ${JSON.stringify(answer.error)}`).not.toBe(4);
    if (method === 'ping') expect(answer.result).toBe('pong');
  });

  it('answers "Method not found" to a method it does not know (so the test above can fail)', async () => {
    expect((await peer.call('order_teleport_place', [])).error?.code).toBe(4);
  });
});
