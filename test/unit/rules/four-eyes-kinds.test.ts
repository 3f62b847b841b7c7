/**
 * The four-eyes requests, read from the endpoint registry: each path a proposal may name, the kinds
 * it may be held as and the role whose work it is (what the team store's `desk_request_kinds` holds,
 * written from `REQUEST_KINDS` by every setup run). The policy never answers a kind the registry
 * does not pair with the path, and a kind is always one role's work.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESK, FOUR_EYES_PATHS, REST } from '../../../main/exchange/registry/index.ts';
import {
  appliedByDesk,
  approvalKind,
  HELD_AS,
  REQUEST_KINDS,
  roleForKind,
  type DeskPolicy,
  type FourEyesKind,
} from '../../../main/policy/desk-policy.ts';

describe('the four-eyes requests of the registry', () => {
  it('are the pairs of path, kind and role the store held before they were read from it', () => {
    const pairs = REQUEST_KINDS.map((r) => `${r.path} ${r.kind} ${r.role}`).sort();
    expect(pairs).toEqual(
      [
        '/api/v4/main-account/withdraw withdrawal treasurer',
        '/api/v4/main-account/withdraw-pay withdrawal treasurer',
        '/api/v4/main-account/codes code treasurer',
        '/api/v4/sub-account/transfer transfer treasurer',
        '/api/v4/mining/payout-destination/edit payout treasurer',
        '/api/v4/sub-account/withdraw/confirm sub_withdrawal treasurer',
        '/api/v4/sub-account/api-key/edit key_permissions admin',
        '/api/v4/sub-account/api-key/edit key_withdrawal admin',
        '/api/v4/sub-account/api-key/create key_withdrawal admin',
        '/api/v4/sub-account/api-key/reset key_reset admin',
        '/desk/policy policy admin',
        '/desk/order-guards guards admin',
      ].sort(),
    );
  });

  it('give each kind to one role, the one roleForKind names', () => {
    for (const { kind, role } of REQUEST_KINDS) expect(roleForKind(kind), kind).toBe(role);
    const kinds = Object.values(HELD_AS).flat();
    expect(new Set(REQUEST_KINDS.map((r) => r.kind))).toEqual(new Set(kinds));
    // every four-eyes request of the registry is a treasurer's or an admin's: none is dropped
    expect(FOUR_EYES_PATHS.filter((p) => p.role === 'trader')).toEqual([]);
  });

  it("name the desk's own requests as the ones the team store applies", () => {
    const applied = (Object.keys(HELD_AS) as Array<keyof typeof HELD_AS>)
      .flatMap((r) => HELD_AS[r])
      .filter((k) => appliedByDesk(k));
    expect(new Set(applied)).toEqual(new Set<FourEyesKind>(['policy', 'guards']));
    expect(REQUEST_KINDS.filter((r) => appliedByDesk(r.kind)).map((r) => r.path)).toEqual([
      DESK.policy.path,
      DESK.guards.path,
    ]);
  });

  it('hold a request only as a kind the registry pairs with its path, whatever the policy and fields', () => {
    const paths = [...new Set(REQUEST_KINDS.map((r) => r.path)), REST.orderNew.path, REST.orderCancel.path];
    const policy: fc.Arbitrary<DeskPolicy> = fc.record({
      transferLimits: fc.dictionary(fc.constantFrom('USDT', 'BTC'), fc.constantFrom('0', '100', 'x')),
      keyPermissions: fc.boolean(),
      keyResets: fc.boolean(),
      withdrawalKeys: fc.boolean(),
      approvalMinutes: fc.constant(60),
    });
    const fields = fc.record({
      ticker: fc.constantFrom('USDT', 'BTC'),
      amount: fc.constantFrom('1', '1000', 'much'),
      type: fc.constantFrom(1, 2, '2'),
      urls: fc.array(
        fc.record({
          url: fc.constantFrom(REST.withdraw.path, REST.orderNew.path, REST.codes.path.toUpperCase()),
          enable: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    });
    const seen = new Set<string>();
    fc.assert(
      fc.property(policy, fc.constantFrom(...paths), fields, (p, path, f) => {
        const kind = approvalKind(p, path, f);
        if (kind === undefined) return;
        seen.add(`${path} ${kind}`);
        expect(
          REQUEST_KINDS.some((r) => r.path === path && r.kind === kind),
          `${path} ${kind}`,
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // and every pair is reached by some policy and fields
    expect([...seen].sort()).toEqual(REQUEST_KINDS.map((r) => `${r.path} ${r.kind}`).sort());
  });

  it('hold every change of where mining rewards are paid, whatever the policy and the destination', () => {
    fc.assert(
      fc.property(
        fc.record({
          transferLimits: fc.constant({}),
          keyPermissions: fc.boolean(),
          keyResets: fc.boolean(),
          withdrawalKeys: fc.boolean(),
          approvalMinutes: fc.constant(60),
        }),
        fc.record({
          accountName: fc.string({ maxLength: 20 }),
          destination: fc.constantFrom('main_balance', 'external_address', 'elsewhere'),
          address: fc.option(fc.string({ maxLength: 100 }), { nil: undefined }),
        }),
        (policy, fields) => {
          expect(approvalKind(policy, REST.payoutDestinationEdit.path, fields)).toBe('payout');
          expect(approvalKind(policy, REST.payoutDestination.path, fields)).toBeUndefined();
        },
      ),
    );
  });
});
