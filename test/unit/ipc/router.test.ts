import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import { CodedError } from '../../../main/errors.ts';
import { RateLimitError } from '../../../main/exchange/errors.ts';
import { UserFacingError } from '../../../main/ipc/errors.ts';
import { createRouter, type Handlers } from '../../../main/ipc/router.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';

const ctx = { origin: 'test' };

/** A router whose app.info handler is `handler`; no other procedure is called in these tests. */
function routerWith(handler: Handlers['app.info'], errors: unknown[] = [], references: string[] = []) {
  return createRouter({ 'app.info': handler } as Handlers, {
    onInternalError: (_name, e, reference) => {
      errors.push(e);
      references.push(reference);
    },
  });
}

let core: TestCore;
beforeAll(async () => {
  core = await createTestCore();
});
afterAll(() => core.close());

describe('router', () => {
  it('answers app.info with the environment the core was given', async () => {
    const reply = await core.router.dispatch('app.info', undefined, ctx);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.value).toMatchObject({
      name: 'TXC Desk',
      version: '0.0.0-test',
      platform: process.platform,
      arch: process.arch,
      runtime: 'node',
      versions: { node: process.versions.node },
    });
    expect((reply.value as { dataDir: string }).dataDir).toMatch(/txc-test-/);
  });

  it('accepts an empty object as no input', async () => {
    const reply = await core.router.dispatch('app.info', {}, ctx);
    expect(reply.ok).toBe(true);
  });

  it('rejects an unknown procedure without running anything', async () => {
    const reply = await core.router.dispatch('app.delete_everything', {}, ctx);
    expect(reply).toEqual({
      ok: false,
      error: { code: 'unknown_procedure', message: 'There is no procedure named "app.delete_everything".' },
    });
  });

  it('does not treat inherited object keys as procedures', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const reply = await core.router.dispatch(name, {}, ctx);
      expect(reply.ok ? 'ok' : reply.error.code).toBe('unknown_procedure');
    }
  });

  it('names the field of invalid input and never reaches the handler', async () => {
    let calls = 0;
    const router = routerWith(() => {
      calls++;
      throw new Error('unreachable');
    });
    const reply = await router.dispatch('app.info', { verbose: true }, ctx);
    expect(reply).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Verbose is not accepted here.', field: 'verbose' },
    });
    const wrongType = await router.dispatch('app.info', 'all', ctx);
    expect(wrongType.ok ? undefined : wrongType.error.code).toBe('invalid_input');
    expect(calls).toBe(0);
  });

  it('passes user-facing errors through with their field', async () => {
    const router = routerWith(() => {
      throw new UserFacingError('rule', 'price must be a multiple of 0.01', 'price');
    });
    expect(await router.dispatch('app.info', undefined, ctx)).toEqual({
      ok: false,
      error: { code: 'rule', message: 'price must be a multiple of 0.01', field: 'price' },
    });
  });

  it('hides unexpected failures behind a generic error and reports them', async () => {
    const errors: unknown[] = [];
    const router = routerWith(() => {
      throw new Error('database file locked at /secret/path');
    }, errors);
    const reply = await router.dispatch('app.info', undefined, ctx);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('internal');
    expect(JSON.stringify(reply)).not.toContain('/secret/path');
    expect(errors).toHaveLength(1);
  });

  it('gives the caller a reference that finds the reported failure in the log', async () => {
    const references: string[] = [];
    const router = routerWith(
      () => {
        throw new TypeError('x is undefined');
      },
      [],
      references,
    );
    const reply = await router.dispatch('app.info', undefined, ctx);
    if (reply.ok) throw new Error('expected a failure');
    expect(references).toHaveLength(1);
    expect(reply.error.message).toContain(`reference ${references[0] ?? '?'}`);
  });

  it('passes only whitelisted error families: a coded error of no such family is internal', async () => {
    const errors: unknown[] = [];
    const reply = await routerWith(() => {
      throw new CodedError('sqlite_busy', 'raw text of a lower layer');
    }, errors).dispatch('app.info', undefined, ctx);
    if (reply.ok) throw new Error('expected a failure');
    expect(reply.error.code).toBe('internal');
    expect(reply.error.message).not.toContain('raw text');
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['an exchange answer', new RateLimitError('Too many requests: wait a second.')],
    ['a cache failure', new CacheInputError('The side must be buy or sell.', 'side')],
  ])('passes %s through as it is', async (_, error) => {
    const reply = await routerWith(() => {
      throw error;
    }).dispatch('app.info', undefined, ctx);
    expect(reply).toEqual({ ok: false, error: error.toView() });
  });
});

describe('validation messages in words', () => {
  const ctx2 = { origin: 'test' };
  const message = async (name: string, input: unknown) => {
    const reply = await core.router.dispatch(name, input, ctx2);
    if (reply.ok) throw new Error(`${name} accepted ${JSON.stringify(input)}`);
    return reply.error;
  };

  it('names the field in words and keeps its path only as the field', async () => {
    const account = core.accounts.list()[0]?.id ?? '';
    const error = await message('orders.modify', {
      accountId: account,
      market: 'BTC_USDT',
      orderId: 1,
      price: 'x'.repeat(41),
    });
    expect(error).toEqual({
      code: 'invalid_input',
      message: 'Price is too long: at most 40 characters.',
      field: 'price',
    });
    expect(
      (await message('orders.check', { draft: { kind: 'limit', market: 'BTC_USDT', side: 'up' } })).message,
    ).toBe('Side must be one of buy, sell.');
    expect((await message('accounts.rename', { id: 'nope', label: 'x' })).message).toBe(
      'Id must be the id of a registered account.',
    );
    expect(
      await message('subaccounts.applyPermissions', {
        accountIds: [account],
        urls: [{ url: '/x', enable: true }],
      }),
    ).toMatchObject({
      message: 'Url of item 1 must be an API path such as /api/v4/order/new.',
      field: 'urls.0.url',
    });
    expect((await message('orders.cancel', { accountId: account, market: 'BTC_USDT' })).message).toBe(
      'Order id is required.',
    );
  });
});
