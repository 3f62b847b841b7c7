// Bulk work for the whole desk of 1,000 sub-accounts: a sweep and a key-permission change take every
// sub-account at once (no list limit reaches the person), and a preview that could not read some
// accounts says which and cannot be sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkPreviewView, KeyDiffView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const SUBS = 1000;
const desktop = scriptedDesktop();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS },
  });
}, 120_000);
afterAll(() => core.close());

const subs = () => core.accounts.registry.list().filter((a) => a.kind === 'sub');

describe('the whole desk at once', () => {
  it('previews a transfer to every sub-account, checked against the main balance in one read', async () => {
    const ids = subs().map((a) => a.id);
    expect(ids.length).toBeGreaterThan(SUBS);
    const preview = await ok<{ legs: unknown[]; unread: unknown[] }>('subaccounts.previewSweep', {
      accountIds: ids,
      plan: { direction: 'main_to_sub', ticker: 'USDT', amount: '0.01' },
    });
    expect(preview.legs).toHaveLength(ids.length);
    expect(preview.unread).toEqual([]);
  });

  it('previews one key-permission change over every sub-account key', async () => {
    const ids = subs().map((a) => a.id);
    const diffs = await ok<KeyDiffView[]>('subaccounts.previewPermissions', {
      accountIds: ids,
      urls: [{ url: '/api/v4/main-account/withdraw', enable: false }],
    });
    expect(diffs).toHaveLength(ids.length);
  });

  it('a list beyond any desk is refused in words, not in the schema’s', async () => {
    const one = subs()[0]?.id;
    const error = await refused('subaccounts.previewPermissions', {
      accountIds: Array.from({ length: 5001 }, () => one),
      urls: [{ url: '/api/v4/main-account/withdraw', enable: false }],
    });
    expect(error.message).toBe('At most 5,000 accounts can be chosen at once.');
  });

  it('a bulk preview that could not read an account says so, and main refuses to send it', async () => {
    const [a, b] = subs().filter((s) => /^Sandbox sub-00[12]$/.test(s.label));
    if (!a || !b) throw new Error('no sub-001 / sub-002');
    const control = core.connection.sandbox?.control;
    control?.setKeyEnabled(a.apiKey, false);
    let preview: BulkPreviewView;
    try {
      preview = await ok<BulkPreviewView>('board.previewBulk', {
        action: 'cancel_orders',
        accountIds: [a.id, b.id],
      });
    } finally {
      control?.setKeyEnabled(a.apiKey, true);
    }
    expect(preview.children.find((c) => c.account === a.id)?.problem).toMatch(/disabled/);
    const asked = desktop.confirmations.length;
    const error = await refused('board.runBulk', { previewId: preview.previewId });
    expect(error.code).toBe('preview_stale');
    expect(error.message).toBe(
      '1 account could not be read for this preview (Sandbox sub-001): nothing was sent. Preview again.',
    );
    expect(desktop.confirmations).toHaveLength(asked);
  });
});
