/**
 * The team desk in Chromium: two operators, A (alice) and B (bob), each with their own app and page,
 * share one desk on a PostgreSQL of this file's own (TLS, loopback) and one exchange; an account A
 * adds from the Accounts screen appears on B's board, and one A renames on B's Accounts screen. A third
 * operator joins from Settings → Team desk.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../support/core.ts';
import { scriptedDesktop } from '../support/desktop.ts';
import { sqlAs, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { createTestRoles } from '../support/postgres-setup.ts';
import { createTeamDatabase, passwordOf, startOperatorCore, teamConnected } from '../support/team.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { newWatchedPage, type OpenedPage } from './page.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

let pg: TestPostgres;
let sandbox: Sandbox;
let database: string;
let browser: Chromium;
const cores: TestCore[] = [];
const hosts: BrowserHost[] = [];
const desktops = { alice: scriptedDesktop(), bob: scriptedDesktop(), carol: scriptedDesktop() };
const urls: Record<string, string> = {};

beforeAll(async () => {
  pg = await startPostgres();
  await createTestRoles(pg);
  sandbox = await startSandbox({ port: 0 });
  database = await createTeamDatabase(pg);
  await sqlAs(pg, 'GRANT txc_treasurer, txc_trader TO alice');
  // Bob is an operator with no part on the desk yet (the test roles are admins otherwise).
  await sqlAs(pg, 'REVOKE txc_admin FROM bob');
  for (const operator of ['alice', 'bob'] as const) {
    const core = await startOperatorCore({
      info: pg,
      database,
      operator,
      sandbox,
      platform: desktops[operator].platform,
    });
    await teamConnected(core);
    cores.push(core);
  }
  // Carol's app works alone until she joins from Settings.
  cores.push(
    await createTestCore({
      platform: desktops.carol.platform,
      connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    }),
  );
  for (const [i, name] of ['alice', 'bob', 'carol'].entries()) {
    const host = await startBrowserHost(cores[i] as TestCore, RENDERER_DIR);
    hosts.push(host);
    urls[name] = host.url;
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const host of hosts) await host.close();
  for (const core of cores) await core.close();
  await sandbox?.close();
  await pg?.close();
});

async function open(name: string, hash: string): Promise<OpenedPage> {
  const opened = await newWatchedPage(browser);
  await opened.page.goto(`${urls[name] ?? ''}${hash}`);
  return opened;
}

const text = async (page: Page, testid: string) =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('two operators on one team desk, in Chromium', () => {
  it("an account A adds on the Accounts screen appears on B's board, with whose key it is", async () => {
    const a = await open('alice', '#/accounts');
    const b = await open('bob', '#/board');
    await expect.poll(() => b.page.getByTestId('view-board').isVisible()).toBe(true);
    await expect.poll(() => text(b.page, 'team-status')).toContain('Team desk: connected');

    const main = sandbox.accounts.find((x) => x.kind === 'main');
    if (!main) throw new Error('no main account');
    await a.page.getByTestId('account-add-open').click();
    await a.page.getByTestId('add-label').fill('Desk main');
    await a.page.getByTestId('add-kind').selectOption('main');
    await a.page.getByTestId('add-key').fill(main.apiKey);
    desktops.alice.clipboard = main.apiSecret;
    await a.page.getByTestId('add-submit').click();

    // On B's board at once (the account's row), and on B's Accounts screen: the key is alice's.
    await expect.poll(() => b.page.getByTestId('view-board').textContent()).toContain('Desk main');
    const accounts = await open('bob', '#/accounts');
    await expect
      .poll(() => accounts.page.getByTestId('view-accounts').textContent())
      .toContain('not on this computer (alice)');
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    expect(accounts.problems).toEqual([]);
  });

  it("an account A renames on the Accounts screen is renamed on B's Accounts screen at once", async () => {
    const a = await open('alice', '#/accounts');
    const b = await open('bob', '#/accounts');
    const rows = (page: Page) => page.getByTestId('grid-accounts').textContent();
    await expect.poll(() => rows(b.page)).toContain('Desk main');
    await a.page.getByTestId('grid-row').filter({ hasText: 'Desk main' }).click();
    await a.page.getByTestId('edit-label').fill('Desk main EU');
    await a.page.getByTestId('edit-label').press('Enter');
    await expect.poll(() => rows(a.page)).toContain('Desk main EU');
    // B's screen is told by the team server's notice: nothing reads the desk's accounts on a timer.
    await expect.poll(() => rows(b.page), { timeout: 3_000 }).toContain('Desk main EU');
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });

  it("B's Team screen lists who is in the team and who is online", async () => {
    const { page, problems } = await open('bob', '#/team');
    await expect.poll(() => page.getByTestId('team-online-alice').textContent()).toContain('Online');
    expect(await text(page, 'team-online-carol')).toContain('Offline');
    expect(await text(page, 'team-member-bob')).toContain('bob (you)');
    expect(await text(page, 'team-roles-alice')).toBe('Trader, Treasurer, Admin');
    expect(await text(page, 'team-roles-bob')).toBe('no role yet');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`team-${String(width)}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
  });

  it('a third operator joins from Settings → Team desk; the status bar and the Team screen follow', async () => {
    const { page, problems } = await open('carol', '#/settings');
    await expect.poll(() => page.getByTestId('team-settings').isVisible()).toBe(true);
    expect(await page.getByTestId('team-status').count()).toBe(0);
    await page.getByTestId('team-host').fill(pg.host);
    await page.getByTestId('team-port').fill(String(pg.port));
    await page.getByTestId('team-database').fill(database);
    await page.getByTestId('team-operator').fill('carol');
    desktops.carol.openFile = pg.caFile;
    await page.getByTestId('team-choose-ca').click();
    await expect.poll(() => text(page, 'team-ca-file')).toBe(pg.caFile);
    // A wrong password: one sentence, nothing joined.
    desktops.carol.clipboard = 'wrong';
    await page.getByTestId('team-join').click();
    await expect
      .poll(() => page.getByTestId('team-settings').textContent())
      .toContain('The team server refused the password of operator "carol"');
    expect(await page.getByTestId('team-status').count()).toBe(0);
    desktops.carol.clipboard = passwordOf('carol');
    await page.getByTestId('team-join').click();
    await expect.poll(() => text(page, 'team-status')).toContain('Team desk: connected');
    expect(await text(page, 'team-joined')).toContain('Joined as carol');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('team-settings').scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`team-settings-${String(width)}.png`) });
    }
    // The desk's account came to carol's registry with the join.
    const accounts = await open('carol', '#/accounts');
    await expect.poll(() => accounts.page.getByTestId('view-accounts').textContent()).toContain('Desk main');
    expect(problems).toEqual([]);
  });

  it("an account A removes leaves B's key on B's computer, with who and when, until B deletes it", async () => {
    const [alice, bob] = cores as Array<Awaited<ReturnType<typeof startOperatorCore>>> as [
      Awaited<ReturnType<typeof startOperatorCore>>,
      Awaited<ReturnType<typeof startOperatorCore>>,
    ];
    const main = sandbox.accounts.find((x) => x.kind === 'main');
    const account = bob.accounts.registry.list().find((a) => a.label === 'Desk main EU');
    if (!main || !account) throw new Error('setup');
    await bob.accounts.registry.importKey(account.id, main.apiSecret);
    const events = await open('bob', '#/events');
    const b = await open('bob', '#/accounts');
    await expect.poll(() => b.page.getByTestId('grid-accounts').textContent()).toContain('Desk main EU');
    desktops.alice.confirmAnswer = true;
    await procedureCalls(() => alice).ok('accounts.remove', { id: account.id });

    const panel = b.page.getByTestId('removed-keys');
    await expect.poll(() => panel.textContent()).toContain('removed by alice at');
    expect(await b.page.getByTestId('grid-accounts').textContent()).not.toContain('Desk main EU');
    expect((await panel.textContent())?.replace(/\s+/g, ' ')).toContain('Desk main EU main account, key');
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await b.page.setViewportSize({ width, height });
      await b.page.screenshot({ path: artifact(`removed-key-${String(width)}.png`) });
    }
    // In Events: who removed it, when, and that the key is still here.
    const entry = events.page.getByTestId('event-entry').filter({ hasText: 'removed from the desk' });
    await expect
      .poll(() => entry.textContent())
      .toContain('"Desk main EU" removed from the desk by alice at');
    expect(await entry.textContent()).toContain('Its key is still on this computer');
    await events.page.setViewportSize({ width: 1280, height: 800 });
    await events.page.screenshot({ path: artifact('events-desk-1280.png') });

    // Deleting asks main's own question: No keeps the key; Yes deletes it.
    desktops.bob.confirmAnswer = false;
    await b.page.getByTestId('removed-key-delete').click();
    await expect
      .poll(() => desktops.bob.confirmations.at(-1)?.title)
      .toBe('Delete the key of "Desk main EU" from this computer?');
    expect(await bob.secrets.get(account.id)).toBeDefined();
    await expect.poll(() => b.page.getByTestId('removed-key-delete').isEnabled()).toBe(true);
    desktops.bob.confirmAnswer = true;
    await b.page.getByTestId('removed-key-delete').click();
    await expect.poll(() => b.page.getByTestId('removed-keys').count()).toBe(0);
    expect(await bob.secrets.get(account.id)).toBeUndefined();
    expect(b.problems).toEqual([]);
    expect(events.problems).toEqual([]);
  });
});
