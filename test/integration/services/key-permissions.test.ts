// The "moves funds" warning of the key-permission editor comes from one exact list of fund-moving
// paths, whatever their spelling; a path the exchange does not have is refused before anything is
// asked or sent. Against the sandbox's sub-account keys, through the router.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
}, 60_000);
afterAll(() => core.close());

const subs = () =>
  core.accounts
    .list()
    .filter((a) => a.kind === 'sub')
    .map((a) => a.id);

describe('the key-permission warning', () => {
  it('warns of service codes, and of a fund-moving path in any letter case', async () => {
    desktop.confirmAnswer = false;
    for (const url of [
      '/api/v4/main-account/codes',
      '/api/v4/MAIN-ACCOUNT/Withdraw',
      '/api/v4/Sub-Account/TRANSFER',
    ]) {
      const before = desktop.confirmations.length;
      await refused('subaccounts.applyPermissions', {
        accountIds: subs().slice(0, 1),
        urls: [{ url, enable: true }],
      }).catch(() => undefined);
      const question = desktop.confirmations[before];
      expect(question?.warning, url).toMatch(/will be able to move funds out \(\/api\/v4\/[a-z/-]+\)/);
      expect(question?.warning, url).toContain(url.toLowerCase());
    }
    // Reading what may be withdrawn moves nothing.
    const before = desktop.confirmations.length;
    await refused('subaccounts.applyPermissions', {
      accountIds: subs().slice(0, 1),
      urls: [{ url: '/api/v4/main-account/withdrawable-balance', enable: true }],
    });
    expect(desktop.confirmations[before]?.warning).toBeUndefined();
  });

  it('sends and records a path as the exchange lists it, and what it warned of is what it sent', async () => {
    desktop.confirmAnswer = true;
    const [id] = subs();
    await ok('subaccounts.applyPermissions', {
      accountIds: [id],
      urls: [{ url: '/api/v4/Main-Account/Codes', enable: false }],
    });
    expect(core.accounts.registry.get(id ?? '')?.urlPermissions).toMatchObject({
      '/api/v4/main-account/codes': false,
    });
    expect(desktop.confirmations.at(-1)?.facts.find((f) => f.label === 'Turns off')?.value).toBe(
      '/api/v4/main-account/codes',
    );
  });

  it('refuses a path the exchange does not have, or one named twice, before asking or sending', async () => {
    const before = desktop.confirmations.length;
    for (const urls of [
      [{ url: '/api/v4/main-account/withdraw2', enable: true }],
      [
        { url: '/api/v4/order/new', enable: true },
        { url: '/api/v4/ORDER/NEW', enable: false },
      ],
    ]) {
      const error = await refused('subaccounts.applyPermissions', { accountIds: subs().slice(0, 1), urls });
      expect(error).toMatchObject({ code: 'invalid_input', field: `urls.${String(urls.length - 1)}.url` });
      expect(
        await refused('subaccounts.previewPermissions', { accountIds: subs().slice(0, 1), urls }),
      ).toMatchObject({
        code: 'invalid_input',
      });
    }
    expect(desktop.confirmations).toHaveLength(before);
  });
});
