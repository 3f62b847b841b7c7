// A renderer is not trusted with the connection: a changed WebSocket address or a restart happens
// only when the person confirms main's own dialog, and accounts stay bound to the REST and WebSocket
// addresses they were added on, so a WebSocket host changed later never receives their tokens.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { migrate } from '../../../main/cache/migrate.ts';
import type { Reply } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import {
  loadConnectionChoice,
  saveConnectionChoice,
  targetOf,
} from '../../../main/features/connection/settings.ts';
import { registryMigrations } from '../../../main/vault/migrations/index.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';

let exchange: Sandbox;
/** Another WebSocket host on this machine: it records every connection and frame it gets. */
let rogue: WebSocketServer;
const rogueSeen: string[] = [];
let rogueHost: string;

beforeAll(async () => {
  exchange = await startSandbox({ port: 0, seed: 7 });
  rogue = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => rogue.once('listening', resolve));
  rogue.on('connection', (socket) => {
    rogueSeen.push('connection');
    socket.on('message', (data) => rogueSeen.push(data.toString()));
  });
  const address = rogue.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  rogueHost = `ws://127.0.0.1:${String(address.port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => rogue.close(resolve));
  await exchange.close();
});

const call = async <T>(core: TestCore, name: string, input?: unknown) =>
  (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;
const codeOf = (reply: Reply<unknown>) => (reply.ok ? 'done' : reply.error.code);

/** The real exchange's choice: its REST base and WebSocket host. */
const realChoice = () => ({
  kind: 'live' as const,
  restUrl: exchange.rest,
  wsUrl: exchange.ws.replace(/\/ws$/, ''),
});

async function liveCore(environment?: TestCore['environment']) {
  const desktop = scriptedDesktop();
  let relaunched = 0;
  const platform = { ...desktop.platform, relaunch: () => void relaunched++ };
  const dataDir = environment?.dataDir ?? mkdtempSync(join(tmpdir(), 'txc-trust-'));
  if (!environment) saveConnectionChoice(dataDir, realChoice());
  const core = await createTestCore({
    platform,
    connection: targetOf(loadConnectionChoice(dataDir)),
    environment: environment ?? { name: 'TXC Desk', version: '0.0.0-test', dataDir, runtime: 'node' },
  });
  return { core, desktop, relaunches: () => relaunched };
}

describe('the connection, against an untrusted renderer', () => {
  it('refuses a changed WebSocket address and a restart the person did not confirm, and changes nothing', async () => {
    const { core, desktop, relaunches } = await liveCore();
    try {
      const dataDir = core.environment.dataDir;
      desktop.confirmAnswer = false;
      const changed = await call(core, 'connection.configure', { ...realChoice(), wsUrl: rogueHost });
      expect(codeOf(changed)).toBe('not_confirmed');
      expect(loadConnectionChoice(dataDir)).toEqual(realChoice());
      // The person was shown the addresses main would have saved.
      expect(desktop.confirmations[0]?.facts).toEqual(
        expect.arrayContaining([
          { label: 'REST address', value: exchange.rest },
          { label: 'WebSocket address', value: `${rogueHost}/ws` },
        ]),
      );

      const restart = await call(core, 'app.restart');
      expect(codeOf(restart)).toBe('not_confirmed');
      expect(relaunches()).toBe(0);
      expect(desktop.confirmations[1]?.facts).toEqual(
        expect.arrayContaining([{ label: 'WebSocket address', value: exchange.ws }]),
      );

      // Saving the choice already saved changes nothing and asks nothing.
      expect(codeOf(await call(core, 'connection.configure', realChoice()))).toBe('done');
      expect(desktop.confirmations).toHaveLength(2);
      desktop.confirmAnswer = true;
      expect(codeOf(await call(core, 'app.restart'))).toBe('done');
      expect(relaunches()).toBe(1);
    } finally {
      await core.close();
    }
  });

  it('with a changed WebSocket address confirmed, never uses the existing accounts on it', async () => {
    const first = await liveCore();
    const demo = exchange.accounts.find((a) => a.label === 'main');
    const account = await registerAccount(first.core, 'Live main', demo);
    expect(codeOf(await call(first.core, 'balances.spot', { accountId: account.id }))).toBe('done');
    const changed = await call(first.core, 'connection.configure', { ...realChoice(), wsUrl: rogueHost });
    expect(codeOf(changed)).toBe('done');
    expect(first.desktop.confirmations[0]?.facts).toContainEqual({
      label: 'Accounts used with it',
      value: expect.stringMatching(/^none/),
    });
    await first.core.close();

    const second = await liveCore(first.core.environment);
    try {
      expect(second.core.connection.status.wsUrl).toBe(`${rogueHost}/ws`);
      const subscribe = await call(second.core, 'live.subscribe', {
        accountId: account.id,
        channel: 'balanceSpot',
        topic: '*',
      });
      expect(codeOf(subscribe)).toBe('wrong_connection');
      const order = await call(second.core, 'orders.placeWs', {
        accountId: account.id,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '1000' },
      });
      expect(codeOf(order)).toBe('wrong_connection');
      const rest = await call(second.core, 'balances.spot', { accountId: account.id });
      expect(rest.ok ? 'signed' : rest.error.message).toBe(
        `"Live main" belongs to the exchange at ${exchange.rest} (WebSocket ${exchange.ws}), but the app is connected to the exchange at ${exchange.rest} (WebSocket ${rogueHost}/ws).`,
      );
      // The other host was never even connected to, so it got no token.
      expect(rogueSeen).toEqual([]);
    } finally {
      await second.core.close();
    }
  });

  it('binds the accounts of an older registry to the REST and WebSocket addresses opened at that start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-trust-'));
    const file = join(dataDir, 'profiles', 'default', 'accounts.sqlite');
    const demo = exchange.accounts.find((a) => a.label === 'main');
    if (!demo) throw new Error('no demo account');
    // A registry as the previous version wrote it: live accounts carry the REST address alone.
    mkdirSync(join(dataDir, 'profiles', 'default'), { recursive: true });
    const old = new Database(file);
    migrate(old, registryMigrations().slice(0, 3));
    const insert = old.prepare(
      `INSERT INTO accounts (id, label, kind, api_key, connection, created_at, updated_at)
       VALUES (?, ?, 'main', ?, ?, 0, 0)`,
    );
    const current = '6f1c2a52-9d0e-4c55-8a36-2f4c1b7d9e01';
    const elsewhere = '0b8e0d55-1f9a-4f3b-9a44-6d2c8e5f7a10';
    insert.run(current, 'Made here', demo.apiKey, exchange.rest);
    insert.run(elsewhere, 'Made elsewhere', 'other-key', 'https://other.example');
    old.close();
    const secrets = new MemorySecretStore();
    await secrets.set(current, demo.apiSecret);
    await secrets.set(elsewhere, 'other-secret-0123456789abcdef0123456');

    saveConnectionChoice(dataDir, realChoice());
    const environment = { name: 'TXC Desk', version: '0.0.0-test', dataDir, runtime: 'node' as const };
    const core = await createTestCore({ environment, secrets, connection: targetOf(realChoice()) });
    try {
      expect(core.accounts.registry.get(current)?.connection).toBe(core.connection.id);
      expect(core.connection.id).toContain(exchange.ws);
      expect(codeOf(await call(core, 'balances.spot', { accountId: current }))).toBe('done');
      expect(codeOf(await call(core, 'balances.spot', { accountId: elsewhere }))).toBe('wrong_connection');
    } finally {
      await core.close();
    }
    // The next start on the same REST address with another WebSocket host does not use them.
    const moved = await createTestCore({
      environment,
      secrets,
      connection: { kind: 'live', restUrl: exchange.rest, wsUrl: `${rogueHost}/ws` },
    });
    try {
      expect(codeOf(await call(moved, 'balances.spot', { accountId: current }))).toBe('wrong_connection');
    } finally {
      await moved.close();
    }
  });
});
