// Accessible by rule: axe-core checks every screen of the app in Chromium, as a desk opens it at
// 1440x900 (with an order resting, a position open and the welcome shown), and with the panels a
// person opens on them (Wallet's withdrawal review, the account picker, a notice): no serious or
// critical violation. Among the rules: an element's accessible name contains its visible words.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDeskMorning } from './layout-check.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 30_000 });

const SCREENS = [
  'board',
  'accounts',
  'trade',
  'positions',
  'history',
  'reports',
  'wallet',
  'sub-accounts',
  'mining',
  'events',
  'approvals',
  'team',
  'settings',
] as const;

beforeAll(async () => {
  await openDeskMorning((p, input) => app.call(p, input), (await app.account('Sandbox main')).id);
});

/** The serious and critical violations axe finds on the page as it is now, in words. */
async function violations(page: Page): Promise<string[]> {
  // label-content-name-mismatch is one of axe's experimental rules: turned on, it holds the rule that
  // an accessible name contains the visible words.
  const result = await new AxeBuilder({ page: page as never })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${String(v.impact)}): ${n.target.join(' ')}: ${v.help}`));
}

describe('every screen, checked by axe-core', () => {
  for (const screen of SCREENS) {
    it(`${screen}: no serious or critical violation`, async () => {
      const { page, problems } = await app.openPage(`#/${screen}`, { clearStorage: screen === 'board' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId(`view-${screen}`).waitFor();
      // what the screen reads first has arrived (its busy words are gone)
      await expect
        .poll(async () => (await page.getByTestId(`view-${screen}`).textContent()) ?? '')
        .not.toMatch(/Opening…|loading…/);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('the panels a person opens: the account picker, the withdrawal review and a notice', async () => {
    const { page, problems } = await app.openPage('#/wallet');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('wallet-balance-row').first().waitFor();
    await page.getByRole('button', { name: 'Withdraw BTC' }).click();
    await page.getByTestId('withdraw-review').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('account-switcher').click();
    await page.getByTestId('account-option').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: artifact('accessibility-wallet-1440.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});
