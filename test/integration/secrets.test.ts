import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../main/ipc/in-process-transport.ts';
import { createLogger, fileSink } from '../../main/log.ts';
import { KeytarSecretStore } from '../../main/vault/secret-store.ts';
import { createBridge, type BridgeTransport } from '../../preload/bridge.ts';
import { createTestCore, type TestCore } from '../support/core.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let core: TestCore;
let dataDir: string;
const payloads: string[] = [];
const store = new KeytarSecretStore();

beforeAll(async () => {
  core = await createTestCore({ secrets: store, connection: { kind: 'sandbox', persist: false } });
  const info = await core.router.dispatch('app.info', undefined, { origin: 'test' });
  dataDir = info.ok ? (info.value as { dataDir: string }).dataDir : '';
});

afterAll(async () => {
  for (const account of core.accounts.registry.list()) await core.accounts.registry.remove(account.id);
  await core.close();
});

describe('secrets stay in the main process and the keychain', () => {
  it('keeps every secret out of files, logs and bridge payloads during a working session', async () => {
    const sink = fileSink(join(dataDir, 'logs', 'main.log'));
    const log = createLogger(sink.write);
    const recorded = inProcessTransport(core.router, core.events);
    const transport: BridgeTransport = {
      async invoke(procedure, input) {
        payloads.push(JSON.stringify(input ?? null));
        const reply = await recorded.invoke(procedure, input);
        payloads.push(JSON.stringify(reply));
        return reply;
      },
      listen: recorded.listen,
      reads: recorded.reads,
    };
    const txc = createBridge(transport);
    const accounts = await txc.accounts.list();
    if (!accounts.ok) throw new Error(accounts.error.message);
    for (const account of accounts.value) {
      const balances = await txc.balances.spot({ accountId: account.id });
      log.log('info', `balances of ${account.label}`, balances);
      const placed = await txc.orders.place({
        accountId: account.id,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' },
      });
      log.log('info', `order of ${account.label}`, placed);
    }
    // A failure path too: the secret the keychain holds for an account no longer matches the exchange.
    const first = accounts.value[0];
    if (!first) throw new Error('no demo account');
    const secret = await store.get(first.id);
    await store.set(first.id, 'f'.repeat(32));
    const refused = await txc.balances.spot({ accountId: first.id });
    log.log('warn', 'refused', refused);
    expect(refused.ok).toBe(false);
    await store.set(first.id, secret ?? '');
    await sink.close();

    const secrets = [...core.connection.demoAccounts.map((a) => a.apiSecret), 'f'.repeat(32)];
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('accounts.sqlite'))).toBe(true);
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const s of secrets)
        expect(bytes.includes(Buffer.from(s)), `${relative(dataDir, file)} holds a secret`).toBe(false);
    }
    const wire = payloads.join('\n');
    for (const s of secrets) expect(wire.includes(s)).toBe(false);
    expect(core.logged.join('\n')).not.toContain(secrets[0]);
  });
});
