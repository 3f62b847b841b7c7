import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';
import type { WritableDB } from '../../../../main/cache/db.ts';
import { recordWebhookEvent } from '../../../../main/cache/repos/webhooks.ts';

let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 6));
  db.prepare(
    `INSERT INTO webhook_events (id, account, method, nonce, received_at_ms, params)
     VALUES ('e1', 'alice', 'deposit.accepted', 5, 1000, '{"nonce":5}'),
            ('e2', 'bob', 'withdraw.created', 7, 2000, '{"nonce":7}')`,
  ).run();
});
afterEach(() => db.close());

describe('migration 0007-webhook-events-per-account (from version 6 with data)', () => {
  it('keeps every stored event and makes ids unique per account only', () => {
    expect(migrate(db, migrations.slice(0, 7)).applied).toEqual(['0007-webhook-events-per-account']);
    expect(db.prepare('SELECT account, id, nonce FROM webhook_events ORDER BY id').all()).toEqual([
      { account: 'alice', id: 'e1', nonce: 5 },
      { account: 'bob', id: 'e2', nonce: 7 },
    ]);
    const event = (account: string, id: string) => ({
      id,
      account,
      method: 'deposit.accepted',
      nonce: 9,
      receivedAtMs: 3000,
      params: { nonce: 9 },
    });
    // Bob's sender reusing Alice's id stores Bob's own event; Alice's retry is still a repeat.
    expect(recordWebhookEvent(db as unknown as WritableDB, event('bob', 'e1'))).toEqual({ stored: true });
    expect(recordWebhookEvent(db as unknown as WritableDB, event('alice', 'e1'))).toEqual({ stored: false });
    expect(db.prepare("SELECT count(*) AS n FROM webhook_events WHERE id = 'e1'").get()).toEqual({ n: 2 });
  });
});
