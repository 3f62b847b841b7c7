/**
 * The team desk's one rule set for signed requests: every private path of the exchange client is a
 * read or a write with its role (a new endpoint cannot slip past the roles), and the four-eyes policy
 * decides from the exact fields to be signed.
 */
import { describe, expect, it } from 'vitest';
import { PRIVATE_ENDPOINTS } from '../../../main/exchange/registry/index.ts';
import { approvalKind, checkPolicy, DEFAULT_POLICY, POLICY_PATH } from '../../../main/policy/desk-policy.ts';
import {
  READ_PATHS,
  refusedBy,
  roleForPath,
  roleForSocketMethod,
  WRITE_PATHS,
} from '../../../main/policy/desk-roles.ts';

/** Every path the client signs: the registry's POST endpoints (the only place main writes a path). */
function privatePaths(): string[] {
  return PRIVATE_ENDPOINTS.map((e) => e.path).sort();
}

describe("the desk's roles", () => {
  it('name every private path the client signs as a read or a write with its role', () => {
    const unknown = privatePaths().filter((p) => !READ_PATHS.includes(p) && !WRITE_PATHS.includes(p));
    expect(unknown).toEqual([]);
    expect(READ_PATHS.filter((p) => WRITE_PATHS.includes(p))).toEqual([]);
  });

  it('refuse in plain words what a role does not cover; reads need none', () => {
    expect(refusedBy(['trader'], roleForPath('/api/v4/main-account/withdraw-pay'))).toBe(
      'Only a treasurer can send a withdrawal.',
    );
    expect(refusedBy(['treasurer'], roleForPath('/api/v4/order/new'))).toBe(
      'Only a trader can place an order.',
    );
    expect(refusedBy(['treasurer'], roleForPath('/api/v4/sub-account/api-key/edit'))).toBe(
      "Only an admin can change a key's permissions.",
    );
    expect(refusedBy([], roleForPath('/api/v4/trade-account/balance'))).toBeUndefined();
    expect(refusedBy(['viewer'], roleForSocketMethod('order_limit_place'))).toBe(
      'Only a trader can place an order.',
    );
    // Any spelling of a path reads the same; a path the table does not know is an admin's.
    expect(roleForPath('/API/v4/Main-Account/Withdraw/')?.role).toBe('treasurer');
    expect(roleForPath('/api/v4/something/new')?.role).toBe('admin');
  });
});

describe("the desk's four-eyes policy", () => {
  const transfer = (amount: string, ticker = 'USDT') => ({
    id: '7',
    direction: 'main_to_sub',
    amount,
    ticker,
  });

  it('puts every withdrawal, code and policy change under four eyes', () => {
    const loose = { ...DEFAULT_POLICY, keyPermissions: false, keyResets: false, withdrawalKeys: false };
    expect(approvalKind(loose, '/api/v4/main-account/withdraw-pay', { amount: '1' })).toBe('withdrawal');
    expect(approvalKind(loose, '/api/v4/main-account/withdraw', { amount: '1' })).toBe('withdrawal');
    expect(approvalKind(loose, '/api/v4/main-account/codes', { amount: '1' })).toBe('code');
    expect(approvalKind(loose, POLICY_PATH, {})).toBe('policy');
    expect(approvalKind(loose, '/api/v4/order/new', { amount: '1' })).toBeUndefined();
  });

  it('puts transfers above their currency limit under four eyes, and every transfer of a currency without one', () => {
    const policy = { ...DEFAULT_POLICY, transferLimits: { USDT: '10000' } };
    expect(approvalKind(policy, '/api/v4/sub-account/transfer', transfer('10000'))).toBeUndefined();
    expect(approvalKind(policy, '/api/v4/sub-account/transfer', transfer('10000.01'))).toBe('transfer');
    expect(approvalKind(policy, '/api/v4/sub-account/transfer', transfer('1', 'BTC'))).toBe('transfer');
    // An amount that cannot be read is never under the limit.
    expect(approvalKind(policy, '/api/v4/sub-account/transfer', transfer('1e3'))).toBe('transfer');
  });

  it('puts key edits, resets and keys that can move funds under four eyes as the policy says', () => {
    const off = { ...DEFAULT_POLICY, keyPermissions: false, keyResets: false };
    const edit = (url: string, enable = true) => ({ apiKeyId: 'k', title: 't', urls: [{ url, enable }] });
    expect(approvalKind(DEFAULT_POLICY, '/api/v4/sub-account/api-key/edit', edit('/api/v4/order/new'))).toBe(
      'key_permissions',
    );
    expect(approvalKind(off, '/api/v4/sub-account/api-key/edit', edit('/api/v4/order/new'))).toBeUndefined();
    // Letting a key withdraw stays under four eyes while keys that move funds are.
    expect(
      approvalKind(off, '/api/v4/sub-account/api-key/edit', edit('/API/v4/main-account/withdraw/')),
    ).toBe('key_withdrawal');
    expect(
      approvalKind(off, '/api/v4/sub-account/api-key/edit', edit('/api/v4/main-account/withdraw', false)),
    ).toBe(undefined);
    expect(approvalKind(DEFAULT_POLICY, '/api/v4/sub-account/api-key/reset', { apiKeyId: 'k' })).toBe(
      'key_reset',
    );
    expect(approvalKind(off, '/api/v4/sub-account/api-key/reset', { apiKeyId: 'k' })).toBeUndefined();
    expect(approvalKind(off, '/api/v4/sub-account/api-key/create', { subAccountId: '1', type: 2 })).toBe(
      'key_withdrawal',
    );
    expect(
      approvalKind(off, '/api/v4/sub-account/api-key/create', { subAccountId: '1', type: 1 }),
    ).toBeUndefined();
  });

  it('refuses a policy it cannot read, in words', () => {
    expect(checkPolicy(DEFAULT_POLICY)).toBeUndefined();
    expect(checkPolicy({ ...DEFAULT_POLICY, transferLimits: { USDT: 'lots' } })?.message).toBe(
      'The limit for USDT must be a plain amount, like 10000 or 0.5.',
    );
    expect(checkPolicy({ ...DEFAULT_POLICY, approvalMinutes: 2 })?.field).toBe('approvalMinutes');
  });
});
