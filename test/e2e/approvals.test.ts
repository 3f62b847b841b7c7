/**
 * Four eyes in Chromium: two operators' apps and pages on one team desk (a PostgreSQL of this file's
 * own, TLS on loopback) and one exchange. A (a treasurer and trader) proposes a withdrawal on the
 * Wallet screen; B (a treasurer) sees it on Approvals at once, reads exactly what will be sent and
 * approves it; A sends it from Approvals; the exchange receives one withdrawal, and both pages show
 * the signed-request log with both names. A trader-less page offers no order button, in words.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../main/sandbox/index.ts';
import { scriptedDesktop } from '../support/desktop.ts';
import { sqlAs, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { createTestRoles } from '../support/postgres-setup.ts';
import { createTeamDatabase, eventually, startOperatorCore, teamConnected } from '../support/team.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { newWatchedPage, type OpenedPage } from './page.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
let pg: TestPostgres;
let sandbox: Sandbox;
let browser: Chromium;
const cores: Operator[] = [];
const hosts: BrowserHost[] = [];
const desktops = { alice: scriptedDesktop(), bob: scriptedDesktop() };
const urls: Record<string, string> = {};
const withdrawals: Array<Record<string, unknown>> = [];
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  pg = await startPostgres();
  await createTestRoles(pg);
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (/^\/api\/v4\/main-account\/withdraw(-pay)?$/.test(r.path)) withdrawals.push(r.body);
  });
  const database = await createTeamDatabase(pg);
  await sqlAs(pg, 'GRANT txc_treasurer, txc_trader TO alice');
  await sqlAs(pg, 'GRANT txc_treasurer TO bob');
  // Bob is a treasurer alone (the test roles are admins otherwise, and alice registers the account as one).
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
  const [alice, bob] = cores as [Operator, Operator];
  const key = sandbox.accounts.find((a) => a.kind === 'main');
  if (!key) throw new Error('no main account');
  const main = await alice.accounts.registry.add({
    label: 'Desk main',
    kind: 'main',
    apiKey: key.apiKey,
    secret: key.apiSecret,
    connection: alice.connection.id,
  });
  await eventually(() => bob.accounts.registry.get(main.id), 'bob has the account');
  await bob.accounts.registry.importKey(main.id, key.apiSecret);
  for (const [i, name] of ['alice', 'bob'].entries()) {
    const host = await startBrowserHost(cores[i] as Operator, RENDERER_DIR);
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
  await opened.page.setViewportSize({ width: 1440, height: 900 });
  await opened.page.goto(`${urls[name] ?? ''}${hash}`);
  return opened;
}

const text = async (page: Page, testid: string) =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: artifact(`${name}-${String(width)}.png`), fullPage: true });
  }
}

describe('four eyes on the team desk, in Chromium', () => {
  it('A proposes a withdrawal, B sees it at once and approves it, A sends it: one withdrawal, both names in the log', async () => {
    const a = await open('alice', '#/wallet');
    const b = await open('bob', '#/approvals');
    await expect.poll(() => text(b.page, 'approvals-roles')).toBe('You are bob: Treasurer');
    await expect.poll(() => b.page.getByTestId('approvals-none').isVisible()).toBe(true);

    // A: the form as for any withdrawal; its last step says what happens on a team desk.
    await expect.poll(() => a.page.getByTestId('withdraw-network').inputValue()).toBe('ERC20');
    await a.page.getByTestId('withdraw-address').fill(ADDRESS);
    await a.page.getByTestId('withdraw-amount').fill('25');
    await a.page.getByTestId('withdraw-review').click();
    await expect.poll(() => a.page.getByTestId('withdraw-four-eyes').isVisible()).toBe(true);
    await a.page.getByTestId('withdraw-unknown-ack').check();
    expect(await text(a.page, 'withdraw-send')).toBe('Ask for approval…');
    await a.page.getByTestId('withdraw-send').click();
    await expect
      .poll(() => text(a.page, 'withdraw-proposed'))
      .toMatch(
        /^Asked for approval: "Withdraw 25 USDT on ERC20" waits in Approvals for another treasurer until/,
      );
    expect(desktops.alice.confirmations.at(-1)?.title).toBe(
      'Ask another treasurer to approve: Withdraw 25 USDT on ERC20?',
    );

    // B: on Approvals at once, with what will be sent, and a count on the rail.
    await expect
      .poll(() => text(b.page, 'approval-title'), { timeout: 2_000 })
      .toBe('Withdraw 25 USDT on ERC20');
    expect(await text(b.page, 'nav-count-approvals')).toContain('1');
    const facts = await text(b.page, 'approval-facts');
    for (const part of [
      'Desk main',
      ADDRESS,
      'ERC20',
      'Receiver gets 25 USDT',
      '/api/v4/main-account/withdraw-pay',
    ])
      expect(facts).toContain(part);
    expect(await text(b.page, 'approval-hash')).toMatch(/^[0-9a-f]{64}$/);
    expect(desktops.bob.notices.at(-1)).toMatchObject({ title: 'Approval asked by alice' });
    await shoot(b.page, 'approvals-waiting');
    await b.page.getByTestId('approval-approve').click();
    await expect.poll(() => text(b.page, 'approval-detail-state')).toBe('Approved, ready to send');
    expect(await text(b.page, 'approval-why')).toBe('You approved it: another operator sends it.');
    expect(desktops.bob.confirmations.at(-1)?.facts).toContainEqual({ label: 'Address', value: ADDRESS });
    expect(withdrawals).toEqual([]);

    // A: approved, sent from Approvals; the exchange gets exactly one withdrawal.
    await a.page.getByTestId('nav-approvals').click();
    await expect.poll(() => text(a.page, 'approval-detail-state')).toBe('Approved, ready to send');
    await a.page.getByTestId('approval-send').click();
    await expect.poll(() => text(a.page, 'approval-result')).toBe(`Withdrawal sent: 25 USDT to ${ADDRESS}.`);
    await expect.poll(() => withdrawals.length).toBe(1);
    expect(withdrawals[0]).toMatchObject({ amount: '25', address: ADDRESS, network: 'ERC20' });
    await expect
      .poll(() => text(b.page, 'approval-use'))
      .toMatch(/^Sent by alice, .*; the exchange accepted$/);
    await shoot(a.page, 'approvals-sent');

    // Both pages: the signed-request log names who sent it and who approved it.
    for (const page of [a.page, b.page]) {
      await page.getByTestId('nav-events').click();
      await expect
        .poll(
          async () => {
            await page.getByTestId('audit-panel').getByRole('button', { name: 'Refresh' }).click();
            const rows = await page
              .getByTestId('audit-panel')
              .locator('[data-testid="grid-row"]')
              .allTextContents();
            return rows.filter((r) => r.includes('withdraw-pay') && r.includes('alice') && r.includes('bob'))
              .length;
          },
          { timeout: 15_000 },
        )
        .toBe(2);
    }
    expect(withdrawals).toHaveLength(1);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });

  it("offers a treasurer without a trader's role no order button, in main's words", async () => {
    const { page, problems } = await open('bob', '#/trade');
    await expect.poll(() => text(page, 'ticket-role')).toBe('Only a trader can place an order.');
    expect(await page.getByTestId('ticket-submit').isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });
});
