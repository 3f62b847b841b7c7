// The exchange to connect to at start: saved by connection.configure, checked field by field, and
// opened by the next start exactly as saved (a live connection to a separately running exchange).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import {
  isRunning,
  loadConnectionChoice,
  saveConnectionChoice,
  targetOf,
} from '../../../main/features/connection/settings.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let exchange: Sandbox;
beforeAll(async () => {
  // Stands in for the live exchange: another process's address, reached over loopback HTTP.
  exchange = await startSandbox({ port: 0, seed: 7 });
});
afterAll(() => exchange.close());

const call = async <T>(core: TestCore, name: string, input?: unknown) =>
  (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;

describe('connection settings', () => {
  it('refuses addresses that are not secure (unless on this machine) naming the field, and saves nothing', async () => {
    const core = await createTestCore();
    try {
      const cases: Array<[Record<string, string>, string]> = [
        [{ restUrl: 'http://exchange.example', wsUrl: 'wss://ws.example' }, 'restUrl'],
        [{ restUrl: 'https://exchange.example', wsUrl: 'ws://ws.example' }, 'wsUrl'],
        [{ restUrl: 'https://exchange.example/?key=1', wsUrl: 'wss://ws.example' }, 'restUrl'],
        [{ restUrl: 'https://user:pw@exchange.example', wsUrl: 'wss://ws.example' }, 'restUrl'],
        [{ restUrl: 'not an address', wsUrl: 'wss://ws.example' }, 'restUrl'],
      ];
      for (const [addresses, field] of cases) {
        const reply = await call(core, 'connection.configure', { kind: 'live', ...addresses });
        expect(reply.ok ? 'saved' : reply.error.field).toBe(field);
        if (!reply.ok) expect(reply.error.message).toMatch(/address/);
      }
      const saved = await call<{ choice: { kind: string }; restartNeeded: boolean }>(
        core,
        'connection.saved',
      );
      expect(saved.ok && saved.value).toEqual({
        choice: { kind: 'sandbox' },
        restartNeeded: false,
        canRestart: false,
      });
      // A headless core cannot restart itself, and says so.
      const restart = await call(core, 'app.restart');
      expect(restart.ok ? 'restarted' : restart.error.code).toBe('unavailable');
    } finally {
      await core.close();
    }
  });

  it('saves a live choice for the next start, and that start connects to it', async () => {
    const desktop = scriptedDesktop();
    const first = await createTestCore({ platform: desktop.platform });
    const dataDir = first.environment.dataDir;
    const restUrl = `${exchange.rest}/`;
    const wsUrl = exchange.ws.replace(/\/ws$/, '');
    const reply = await call<{ choice: unknown; restartNeeded: boolean }>(first, 'connection.configure', {
      kind: 'live',
      restUrl,
      wsUrl,
    });
    expect(reply.ok && reply.value).toMatchObject({
      choice: { kind: 'live', restUrl: exchange.rest, wsUrl },
      restartNeeded: true,
    });
    expect(desktop.confirmations.map((c) => c.action)).toEqual(['Change connection']);
    await first.close();

    const choice = loadConnectionChoice(dataDir);
    const second = await createTestCore({ environment: first.environment, connection: targetOf(choice) });
    try {
      const status = await call<{ kind: string; restUrl: string; wsUrl: string }>(
        second,
        'connection.status',
      );
      expect(status.ok && status.value).toEqual({
        id: `${exchange.rest} ${exchange.ws}`,
        kind: 'live',
        restUrl: exchange.rest,
        wsUrl: exchange.ws,
      });
      const saved = await call<{ restartNeeded: boolean }>(second, 'connection.saved');
      expect(saved.ok && saved.value.restartNeeded).toBe(false);
      // It really talks to that exchange (its markets), and the embedded sandbox's accounts, still
      // registered, are refused in words rather than signed for another exchange.
      const markets = await call<Array<{ name: string }>>(second, 'markets.list');
      expect(markets.ok && markets.value.map((m) => m.name)).toContain('BTC_USDT');
      const accounts = await call<Array<{ id: string; connection: string }>>(second, 'accounts.list');
      expect(accounts.ok && new Set(accounts.value.map((a) => a.connection))).toEqual(new Set(['sandbox']));
      const refused = await call(second, 'balances.spot', {
        accountId: accounts.ok ? accounts.value[0]?.id : '',
      });
      expect(refused.ok ? 'signed' : refused.error.code).toBe('wrong_connection');
    } finally {
      await second.close();
    }
  });

  it('reads a damaged file as the sandbox and says so in the log', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-connection-'));
    expect(loadConnectionChoice(dataDir)).toEqual({ kind: 'sandbox' });
    writeFileSync(join(dataDir, 'connection.json'), '{"kind":"live","restUrl":"http://evil.example"');
    const lines: string[] = [];
    expect(loadConnectionChoice(dataDir, { log: (_level, message) => lines.push(message) })).toEqual({
      kind: 'sandbox',
    });
    expect(lines[0]).toMatch(/connection\.json could not be read/);
    // A file written by hand (not through the checked procedure) is checked again when loaded.
    for (const insecure of [
      { kind: 'live', restUrl: 'https://a.example', wsUrl: 'ws://b.example' },
      { kind: 'live', restUrl: 'http://a.example', wsUrl: 'wss://b.example' },
    ]) {
      writeFileSync(join(dataDir, 'connection.json'), JSON.stringify(insecure));
      expect(loadConnectionChoice(dataDir)).toEqual({ kind: 'sandbox' });
    }
    saveConnectionChoice(dataDir, { kind: 'live', restUrl: 'https://a.example', wsUrl: 'wss://b.example' });
    const live = loadConnectionChoice(dataDir);
    expect(targetOf(live)).toEqual({
      kind: 'live',
      restUrl: 'https://a.example',
      wsUrl: 'wss://b.example/ws',
    });
    expect(isRunning(live, { kind: 'live', restUrl: 'https://a.example', wsUrl: 'wss://b.example/ws' })).toBe(
      true,
    );
    expect(
      isRunning(live, { kind: 'sandbox', restUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1/ws' }),
    ).toBe(false);
  });
});
