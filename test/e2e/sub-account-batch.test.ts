// "Create 100 sub-accounts" in Chromium with the core in a child process and the real keychain: the
// core is killed (kill -9) twice half-way, once just after the exchange made a sub-account, once just
// after it made a key (before the secret reached the keychain); started again, the batch goes on. In
// the end: 100 sub-accounts, 100 keys that sign, each once at the exchange and once in the keychain.
// Then one that holds funds is refused deletion, with the sweep offered; swept, it is deleted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../main/sandbox/index.ts';
import { AccountRegistry } from '../../main/vault/registry.ts';
import { KeytarSecretStore } from '../../main/vault/secret-store.ts';
import { expectKeyedOnce, killOnAnswer, type AnswerKiller } from '../support/batch-crash.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { spawnCore, type CoreProcess } from './core-process.ts';
import { bundleBridgeScript } from './host.ts';
import { artifact, RENDERER_DIR } from './paths.ts';
import { keyIdsIn } from '../support/keychain.ts';

const COUNT = 100;
const keychainService = `txc-desk-test-${randomBytes(4).toString('hex')}`;
const keychain = new KeytarSecretStore({ service: keychainService });
const dataDir = mkdtempSync(join(tmpdir(), 'txc-e2e-batch-'));
let sandbox: Sandbox;
let browser: Chromium;
let bridgeScript: string;
const cores: CoreProcess[] = [];

let exchange: AnswerKiller;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 77, simulate: false });
  exchange = killOnAnswer(sandbox);
  bridgeScript = await bundleBridgeScript();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const core of cores) await core.stop().catch(() => undefined);
  await browser.close();
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startCore(): Promise<CoreProcess> {
  const core = await spawnCore({
    rest: sandbox.rest,
    ws: sandbox.ws,
    dataDir,
    keychainService,
    accounts: sandbox.accounts,
    rendererDir: RENDERER_DIR,
    bridgeScript,
  });
  cores.push(core);
  return core;
}

async function openSubAccounts(core: CoreProcess, width = 1280): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
  await page.goto(`${core.url}#/sub-accounts`);
  await page.getByTestId('create-subs-panel').waitFor();
  return page;
}

/** Goes on with the batch cut short, from its row in the list of batches. */
async function goOn(page: Page): Promise<void> {
  const row = page.locator('[data-testid="batch-row"][data-state="interrupted"]');
  await row.waitFor();
  await row.getByTestId('batch-row-resume').click();
}

describe('create 100 sub-accounts, the core killed twice half-way', () => {
  it('ends with 100 sub-accounts and 100 working keys, none twice', async () => {
    const first = await startCore();
    let page = await openSubAccounts(first);
    await page.getByTestId('create-mode-many').check();
    await page.getByTestId('create-pattern').fill('e2e-{nnn}');
    await page.getByTestId('create-count').fill(String(COUNT));
    await page.getByTestId('create-fund').check();
    await page.getByTestId('create-amount').fill('1');
    await page.getByTestId('create-preview').click();
    await expect
      .poll(() => page.getByTestId('create-preview-count').textContent())
      .toBe('100: e2e-001 … e2e-100');
    const funding = (await page.getByTestId('create-preview-funding').textContent()) ?? '';
    expect(funding.replace(/\s+/g, ' ').trim()).toBe('1 USDT each = 100 USDT (main has 99,500 USDT free)');
    await page
      .getByTestId('create-subs-panel')
      .screenshot({ path: artifact('sub-accounts-create-preview-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByTestId('create-subs-panel')
      .screenshot({ path: artifact('sub-accounts-create-preview-1440.png') });
    // Killed once the exchange made the 30th sub-account, before its answer reached the core.
    exchange.killAt('/api/v4/sub-account/create', 30, first.pid);
    await page.getByTestId('create-run').click();
    await first.exited;
    expect(first.confirmations.map((q) => q.title)).toEqual(['Create 100 sub-accounts?']);
    await page.close();

    const second = await startCore();
    page = await openSubAccounts(second);
    // Killed once the exchange made the 15th key after the restart: its secret never reached the keychain.
    exchange.killAt('/api/v4/sub-account/api-key/create', 15, second.pid);
    await goOn(page);
    await second.exited;
    expect(second.confirmations[0]?.title).toMatch(/^Go on with the batch: \d+ of 100 sub-accounts left\?$/);
    expect(second.confirmations[0]?.facts.find((f) => f.label === 'Checked first')?.value).toMatch(
      /^the exchange's list, for the \d+ not finished \(one found made has its key and funding looked up\)/,
    );
    await page.close();

    const third = await startCore();
    page = await openSubAccounts(third);
    await goOn(page);
    await expect
      .poll(() => page.getByTestId('batch-counts').textContent(), { timeout: 60_000 })
      .toMatch(/^100 of 100 done/);
    await page
      .getByTestId('batch-run-panel')
      .screenshot({ path: artifact('sub-accounts-batch-done-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByTestId('batch-run-panel')
      .screenshot({ path: artifact('sub-accounts-batch-done-1440.png') });
    await page.close();
    await third.stop();

    // The exchange: 100 sub-accounts, one key each; the desk signing with each, its secret in the keychain once.
    const registry = new AccountRegistry(join(dataDir, 'profiles', 'default', 'accounts.sqlite'), keychain);
    try {
      await expectKeyedOnce({
        sandbox,
        registry,
        keychain,
        prefix: 'e2e-',
        aliases: Array.from({ length: COUNT }, (_, i) => `e2e-${String(i + 1).padStart(3, '0')}`),
        funded: '1',
      });
    } finally {
      registry.close();
    }
  }, 300_000);

  it('refuses to delete one that holds funds, offering the sweep; swept, it is deleted', async () => {
    const core = await startCore();
    const page = await openSubAccounts(core);
    await page.getByTestId('life-refresh').click();
    await page
      .getByTestId('life-table')
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: artifact('sub-accounts-life-failed.png'), fullPage: true });
        throw error;
      });
    await page.getByTestId('life-filter').fill('e2e-001');
    await page.getByTestId('life-choose').filter({ hasText: 'e2e-001' }).click();
    await page.getByTestId('life-delete').click();
    await expect
      .poll(() => page.getByTestId('life-error').textContent())
      .toContain(
        'Sub-account "e2e-001" was not deleted: it holds 1 USDT on its main balance. Sweep it to the main account first.',
      );
    await page.getByTestId('life-sweep').waitFor();
    expect(core.confirmations).toEqual([]);
    await page
      .getByTestId('life-panel')
      .screenshot({ path: artifact('sub-accounts-delete-refused-1280.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByTestId('life-panel')
      .screenshot({ path: artifact('sub-accounts-delete-refused-1440.png') });
    await page.getByTestId('life-sweep').click();
    await expect
      .poll(() => page.getByTestId('life-outcome').textContent())
      .toBe('✓ Swept: it holds nothing now and can be deleted.');
    await page.getByTestId('life-delete').click();
    await expect
      .poll(() => page.getByTestId('life-outcome').textContent())
      .toBe('✓ "e2e-001" was deleted at the exchange.');
    expect(core.confirmations.map((q) => q.action)).toEqual(['Sweep to main', 'Delete sub-account']);
    await page.close();
  }, 120_000);
});
