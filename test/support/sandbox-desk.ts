/**
 * The setup of an integration test that trades through the procedures: a still sandbox (no market
 * simulation), a test core connected to it as to a live exchange with a scripted desktop, and the
 * sandbox's accounts the test names registered on it (`main` as the main account, the others as
 * sub-accounts). `sandboxDesk()` registers the hooks that start them before the file's tests and
 * close them after.
 *
 *   const desk = sandboxDesk({ seed: 7, accounts: ['main'] });
 *   const { ok, refused } = desk;
 *   it('…', async () => { await ok('orders.place', { accountId: desk.id('main'), draft }); });
 */
import { afterAll, beforeAll } from 'vitest';
import * as trading from '../../main/exchange/endpoints/trading.ts';
import { startSandbox, type ReceivedRequest, type Sandbox } from '../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from './core.ts';
import { scriptedDesktop, type ScriptedDesktop } from './desktop.ts';

export interface SandboxDeskOptions {
  readonly seed: number;
  /** The sandbox's accounts to register, by label (`main`, `sub-alpha`, `sub-maker`, …). */
  readonly accounts: readonly string[];
  /** Told of each request the sandbox receives, from before the core starts. */
  readonly watch?: (request: ReceivedRequest) => void;
}

export interface SandboxDesk extends ReturnType<typeof procedureCalls> {
  /** There from the file's beforeAll on. */
  readonly sandbox: Sandbox;
  readonly core: TestCore;
  readonly desktop: ScriptedDesktop;
  /** The registered account of a sandbox account's label. */
  id(label: string): string;
  /** An account's open orders on a market, as the exchange lists them (every page). */
  openOrders(accountId: string, market: string): ReturnType<typeof trading.allActiveOrders>;
  /** Cancels every open order of the accounts on a market at the exchange (a refused cancel is left). */
  cancelOpenOrders(accountIds: readonly string[], market: string): Promise<void>;
}

export function sandboxDesk(options: SandboxDeskOptions): SandboxDesk {
  let sandbox: Sandbox | undefined;
  let core: TestCore | undefined;
  const desktop = scriptedDesktop();
  const ids = new Map<string, string>();
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the sandbox desk starts in beforeAll');
    return value;
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: options.seed, simulate: false });
    if (options.watch) sandbox.control.watchRequests(options.watch);
    core = await createTestCore({
      connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
      platform: desktop.platform,
    });
    for (const label of options.accounts) {
      const key = sandbox.accounts.find((a) => a.label === label);
      if (!key) throw new Error(`the sandbox has no account "${label}"`);
      const kind = label === 'main' ? 'main' : 'sub';
      ids.set(label, (await registerAccount(core, label === 'main' ? 'Main' : label, key, kind)).id);
    }
  }, 30_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.close();
  });
  const openOrders = async (accountId: string, market: string) =>
    trading.allActiveOrders(await started(core).accounts.caller(accountId), market);
  return {
    ...procedureCalls(() => started(core)),
    get sandbox() {
      return started(sandbox);
    },
    get core() {
      return started(core);
    },
    desktop,
    id: (label) => started(ids.get(label)),
    openOrders,
    async cancelOpenOrders(accountIds, market) {
      for (const id of accountIds) {
        const caller = await started(core).accounts.caller(id);
        for (const o of await trading.allActiveOrders(caller, market))
          await trading.cancelOrder(caller, { market, orderId: o.orderId }).catch(() => undefined);
      }
    },
  };
}
