// What the tests of a "Create N sub-accounts" batch cut short by kill -9 share: an exchange (the
// sandbox) that counts its answers per path and kills the app's process just as the n-th answer of a
// path leaves (the exchange has done it, the app never hears), and the check of the end state.
import type { ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { Sandbox } from '../../main/sandbox/index.ts';
import type { AccountRegistry } from '../../main/vault/registry.ts';
import type { SecretStore } from '../../main/vault/secret-store.ts';
import { Client } from '../integration/sandbox/support.ts';
import { keyIdsIn } from './keychain.ts';

export interface AnswerKiller {
  /** Answers given so far on `path`. */
  answered(path: string): number;
  /** Kills `pid` (kill -9) as the `n`-th answer on `path`, counted from now, leaves. */
  killAt(path: string, n: number, pid: number): void;
}

export function killOnAnswer(sandbox: Sandbox): AnswerKiller {
  const answered = new Map<string, number>();
  let kill: { path: string; n: number; pid: number } | undefined;
  sandbox.server.on('request', (req, res: ServerResponse) => {
    const path = req.url ?? '';
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const n = (answered.get(path) ?? 0) + 1;
      answered.set(path, n);
      // The exchange has done it; the app dies before the answer leaves.
      if (kill?.path === path && kill.n === n) {
        process.kill(kill.pid, 'SIGKILL');
        kill = undefined;
      }
      return end(...args);
    }) as ServerResponse['end'];
  });
  return {
    answered: (path) => answered.get(path) ?? 0,
    killAt: (path, n, pid) => (kill = { path, n: (answered.get(path) ?? 0) + n, pid }),
  };
}

/** The sandbox's main account, signing as a client of its own. */
export function mainClient(sandbox: Sandbox): Client {
  return new Client(
    sandbox.rest,
    sandbox.accounts.find((a) => a.kind === 'main') as Sandbox['accounts'][number],
  );
}

/**
 * The end state of a batch whose names start with `prefix`: exactly `aliases` at the exchange, each
 * with one key, the desk's account signing with that key (its secret in the keychain, the request it
 * signs accepted), holding `funded` on its main balance; and the keychain holding the desk's secrets
 * and nothing else.
 */
export async function expectKeyedOnce(options: {
  sandbox: Sandbox;
  registry: AccountRegistry;
  keychain: SecretStore;
  prefix: string;
  aliases: string[];
  funded: string;
}): Promise<void> {
  const { sandbox, registry, keychain, prefix, aliases, funded } = options;
  const main = mainClient(sandbox);
  const subs: Array<{ id: string; alias: string }> = [];
  for (let offset = 0; offset <= aliases.length; offset += 100)
    subs.push(
      ...(await main.post('/api/v4/sub-account/list', { search: prefix, limit: 100, offset })).body.data,
    );
  expect(subs.map((s) => s.alias).sort()).toEqual([...aliases].sort());
  const desk = registry.list();
  for (const sub of subs) {
    const keys = (await main.post('/api/v4/sub-account/api-key/list', { subAccountId: sub.id })).body.data;
    expect(keys, sub.alias).toHaveLength(1);
    const account = desk.find((a) => a.subAccountId === sub.id);
    expect(account?.apiKey, sub.alias).toBe(keys[0].apiKey);
    const { apiKey, secret } = await registry.credentials(account?.id ?? '');
    const own = new Client(sandbox.rest, { label: sub.alias, kind: 'sub', apiKey, apiSecret: secret });
    const held = await own.post('/api/v4/main-account/balance', { ticker: 'USDT' });
    expect([sub.alias, held.status, held.body.USDT.main_balance]).toEqual([sub.alias, 200, funded]);
  }
  expect(desk.filter((a) => a.label.startsWith(prefix))).toHaveLength(aliases.length);
  expect((await keyIdsIn(keychain)).sort()).toEqual(desk.map((a) => a.id).sort());
}
