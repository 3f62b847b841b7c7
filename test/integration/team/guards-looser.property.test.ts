/**
 * The app and the team store read "order guards that ask less" the same way: whatever two settings,
 * main proposes a change for a second admin's approval (`asksLess`) exactly when the store would
 * refuse it without one (`desk_guards_looser`), so an admin's change is never refused after it was
 * made here, nor a looser one let through unproposed.
 */
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asksLess } from '../../../main/rules/guard-changes.ts';
import type { GuardSettings } from '../../../main/rules/guards.ts';
import { clientOf } from '../../support/postgres.ts';
import { createTeamDatabase, passwordOf } from '../../support/team.ts';

const info = inject('postgres');
let client: pg.Client;

beforeAll(async () => {
  const database = await createTeamDatabase(info);
  client = clientOf(info, { user: 'alice', password: passwordOf('alice'), database });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

const threshold = fc.constantFrom('', '0.5', '1', '2', '2.50', '5', '10', '25', '100', '1000');
const settings: fc.Arbitrary<GuardSettings & { burst?: string }> = fc.record(
  {
    bandPct: threshold,
    notionalCeiling: threshold,
    equityPct: threshold,
    velocityCeiling: threshold,
    velocityPct: threshold,
    markets: fc.dictionary(fc.constantFrom('BTC_USDT', 'ETH_USDT', 'BTC_PERP'), threshold, { maxKeys: 3 }),
    // A setting this version of the rules does not read (a newer app's).
    burst: fc.constantFrom('1', '2'),
  },
  {
    requiredKeys: ['bandPct', 'notionalCeiling', 'equityPct', 'velocityCeiling', 'velocityPct', 'markets'],
  },
);

describe('order guards that ask less', () => {
  it('are the same to main and to the team store, for any two settings', async () => {
    await fc.assert(
      fc.asyncProperty(settings, settings, async (before, after) => {
        const { rows } = await client.query<{ looser: boolean }>(
          'SELECT desk_guards_looser($1::jsonb, $2::jsonb) AS looser',
          [JSON.stringify(before), JSON.stringify(after)],
        );
        expect(rows[0]?.looser).toBe(asksLess(before, after));
      }),
      { numRuns: 300 },
    );
  });
});
