import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { AccountSelection } from '../../../renderer/src/lib/managers/account-selection.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';

const view = (n: number, favourite = false): AccountView => ({
  id: `00000000-0000-4000-8000-00000000000${String(n)}`,
  label: `Desk ${String(n)}`,
  kind: n === 1 ? 'main' : 'sub',
  subAccountId: n === 1 ? null : String(n),
  apiKeyHint: 'ab…cd',
  connection: 'sandbox',
  groups: [],
  tags: [],
  favourite,
  webhook: false,
});

function bridgeListing(accounts: () => AccountView[] | undefined) {
  return createBridge({
    invoke: async () => {
      const list = accounts();
      return list
        ? { ok: true, value: list }
        : { ok: false, error: { code: 'unavailable', message: 'The core is not answering.' } };
    },
    listen: () => () => undefined,
  });
}

describe('AccountSelection', () => {
  it('keeps the remembered account across starts and falls back to the first when it is gone', async () => {
    const store = memoryStore();
    let list = [view(1), view(2), view(3)];
    const first = new AccountSelection(
      bridgeListing(() => list),
      store,
    );
    await first.load();
    expect(first.current?.label).toBe('Desk 1');
    first.choose(view(3).id);
    first.choose('not-an-account');
    expect(first.current?.label).toBe('Desk 3');

    const second = new AccountSelection(
      bridgeListing(() => list),
      store,
    );
    await second.load();
    expect(second.current?.label).toBe('Desk 3');

    list = [view(1), view(2)];
    await second.load();
    expect(second.current?.label).toBe('Desk 1');
  });

  it('switches to the n-th favourite in list order, and to nothing past the last', async () => {
    const selection = new AccountSelection(
      bridgeListing(() => [view(1), view(2, true), view(3), view(4, true)]),
      memoryStore(),
    );
    await selection.load();
    expect(selection.favourites.map((a) => a.label)).toEqual(['Desk 2', 'Desk 4']);
    expect(selection.chooseFavourite(2)?.label).toBe('Desk 4');
    expect(selection.currentId).toBe(view(4).id);
    expect(selection.chooseFavourite(3)).toBeUndefined();
    expect(selection.currentId).toBe(view(4).id);
  });

  it('offers only the accounts of the running exchange', async () => {
    const live = { ...view(3), connection: 'https://exchange.example' };
    let running: string | undefined = 'https://exchange.example';
    const selection = new AccountSelection(
      bridgeListing(() => [view(1), view(2), live]),
      memoryStore(),
      () => running,
    );
    await selection.load();
    expect(selection.accounts.map((a) => a.label)).toEqual(['Desk 3']);
    expect(selection.current?.label).toBe('Desk 3');
    running = 'sandbox';
    await selection.load();
    expect(selection.accounts.map((a) => a.label)).toEqual(['Desk 1', 'Desk 2']);
    expect(selection.current?.label).toBe('Desk 1');
  });

  it('keeps the last list and says why when the core does not answer', async () => {
    let answer: AccountView[] | undefined = [view(1)];
    const selection = new AccountSelection(
      bridgeListing(() => answer),
      memoryStore(),
    );
    await selection.load();
    answer = undefined;
    await selection.load();
    expect(selection.error?.message).toBe('The core is not answering.');
    expect(selection.accounts).toHaveLength(1);
    expect(selection.loading).toBe(false);
  });
});
