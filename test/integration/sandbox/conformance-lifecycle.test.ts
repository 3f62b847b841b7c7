/**
 * The sandbox's answers on a sub-account's life held to the exchange's published examples, field by
 * field (the same examples the client's readers are fed, test/unit/exchange/published-rest.test.ts):
 * create, the transfer history, API keys and their IP lists, and the deposit address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restFixture, shapeDiff, type ShapeRules } from '../../support/published.ts';
import { start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 34 });
});
afterAll(() => h.sandbox.close());

const post = async (path: string, fields: Record<string, unknown> = {}): Promise<unknown> => {
  const r = await h.client('main').post(path, fields);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
};

const conforms = (name: string, answer: unknown, rules: ShapeRules = {}) => {
  const diff = shapeDiff(answer, restFixture(name).response, { extras: 'allowed', ...rules });
  expect(diff, `${name}: ${diff.join('; ')}`).toEqual([]);
};

describe("a sub-account's life as the published examples show it", () => {
  it('create, transfer history', async () => {
    const made = (await post('/api/v4/sub-account/create', {
      alias: 'conform-life',
      email: 'desk@example.com',
      permissions: { spotEnabled: true, collateralEnabled: false },
    })) as { id: string };
    conforms('sub-account-create', made);
    await post('/api/v4/sub-account/transfer', {
      id: made.id,
      direction: 'main_to_sub',
      amount: '3.14',
      ticker: 'USDT',
    });
    conforms(
      'sub-account-transfer-history',
      await post('/api/v4/sub-account/transfer/history', { id: made.id, direction: 'main_to_sub' }),
    );
  });

  it('API keys and their IP lists', async () => {
    const { id } = (await post('/api/v4/sub-account/create', {
      alias: 'conform-keys',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: true },
    })) as { id: string };
    const key = (await post('/api/v4/sub-account/api-key/create', {
      subAccountId: id,
      type: 2,
      title: 'Trading Bot Key',
    })) as { id: string };
    conforms('sub-account-api-key-create', key);
    conforms(
      'sub-account-api-key-list',
      await post('/api/v4/sub-account/api-key/list', { subAccountId: id, limit: 10, offset: 0 }),
    );
    const apiKeyId = key.id;
    conforms(
      'sub-account-api-key-ip-create',
      await post('/api/v4/sub-account/api-key/ip-address/create', { apiKeyId, ip: '127.10.10.255' }),
    );
    await post('/api/v4/sub-account/api-key/ip-address/create', { apiKeyId, ip: '192.168.1.1' });
    conforms(
      'sub-account-api-key-ip-list',
      await post('/api/v4/sub-account/api-key/ip-address/list', { apiKeyId }),
    );
    conforms(
      'sub-account-api-key-ip-delete',
      await post('/api/v4/sub-account/api-key/ip-address/delete', { apiKeyId, ip: '127.10.10.255' }),
    );
  });

  it('the deposit address', async () => {
    conforms(
      'main-account-address',
      await post('/api/v4/main-account/address', { ticker: 'USDT', network: 'ERC20' }),
      {
        loose: {
          '$.account.memo':
            "the memo is a word: the example's Stellar memo is digits, an ERC20 address has none ('')",
        },
      },
    );
  });
});
