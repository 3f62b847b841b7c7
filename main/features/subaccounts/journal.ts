/**
 * The journal of "Create N sub-accounts" batches, in `<profile>/lifecycle.sqlite`: the confirmed plan
 * and, per account, how far it got when it ended or stopped on an error, and which step was sent then
 * without an answer (`pending`). Nothing is written before a request leaves: each step is known at the
 * exchange by itself, so an account under way when the app stopped (still `planned` here) is looked up
 * there step by step when the batch goes on (`batch-steps.ts`). Those marks go in together, one
 * commit every `MARKS_EVERY_MS` while accounts end: a mark not written yet when the app stops leaves
 * the account as it was before it, which resuming looks up anyway; every read of the journal (the
 * batch's end, a screen) and its closing write the marks waiting first.
 * Never a secret: the key's secret goes to the keychain only, under the account id chosen here.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { migrate } from '../../cache/migrate.ts';
import type { Migration } from '../../cache/migrations/migration.ts';
import { openPrivateDatabase, privateSidecars } from '../../private-fs.ts';

/** How long marks wait to go in together: a batch of 100 ends accounts about every millisecond. */
const MARKS_EVERY_MS = 20;

/** How far an account of a batch got; `done` is the end. */
export type StepStage = 'planned' | 'created' | 'keyed' | 'restricted' | 'funded' | 'done';
/** A request sent whose answer was not written down yet. */
export type PendingAction = 'create' | 'key' | 'ips' | 'fund';

export interface BatchPlan {
  names: string[];
  /** One address per name, or null when KYC is shared. */
  emails: string[] | null;
  shareKyc: boolean;
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
  funding: { ticker: string; amount: string } | null;
  key: { type: 1 | 2; ips: string[] } | null;
  /** The registry group the new accounts join. */
  group: string;
}

export interface StepRecord {
  batchId: string;
  n: number;
  alias: string;
  email: string | null;
  /** The registry id (and keychain entry) the account's key goes under. */
  accountId: string;
  subAccountId: string | null;
  apiKeyId: string | null;
  stage: StepStage;
  pending: PendingAction | null;
  errorCode: string | null;
  errorMessage: string | null;
  updatedAt: number;
}

export interface BatchRecord {
  id: string;
  connection: string;
  mainAccount: string;
  createdAt: number;
  plan: BatchPlan;
  /** `running` until every account is done or the batch was let go; a crash leaves it running. */
  state: 'running' | 'finished';
}

const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create-batches',
    up(db) {
      db.exec(`
        CREATE TABLE create_batches (
          id TEXT PRIMARY KEY,
          connection TEXT NOT NULL,
          main_account TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          plan_json TEXT NOT NULL,
          state TEXT NOT NULL
        );
        CREATE TABLE create_steps (
          batch_id TEXT NOT NULL REFERENCES create_batches (id),
          n INTEGER NOT NULL,
          alias TEXT NOT NULL,
          email TEXT,
          account_id TEXT NOT NULL UNIQUE,
          sub_account_id TEXT,
          api_key_id TEXT,
          stage TEXT NOT NULL,
          pending TEXT,
          error_code TEXT,
          error_message TEXT,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (batch_id, n)
        );
      `);
    },
  },
];

interface StepRow {
  batch_id: string;
  n: number;
  alias: string;
  email: string | null;
  account_id: string;
  sub_account_id: string | null;
  api_key_id: string | null;
  stage: StepStage;
  pending: PendingAction | null;
  error_code: string | null;
  error_message: string | null;
  updated_at: number;
}

const toStep = (r: StepRow): StepRecord => ({
  batchId: r.batch_id,
  n: r.n,
  alias: r.alias,
  email: r.email,
  accountId: r.account_id,
  subAccountId: r.sub_account_id,
  apiKeyId: r.api_key_id,
  stage: r.stage,
  pending: r.pending,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  updatedAt: r.updated_at,
});

interface BatchRow {
  id: string;
  connection: string;
  main_account: string;
  created_at: number;
  plan_json: string;
  state: 'running' | 'finished';
}

const toBatch = (r: BatchRow): BatchRecord => ({
  id: r.id,
  connection: r.connection,
  mainAccount: r.main_account,
  createdAt: r.created_at,
  plan: JSON.parse(r.plan_json) as BatchPlan,
  state: r.state,
});

export class BatchJournal {
  readonly #db: Database.Database;
  readonly #now: () => number;
  /** Prepared once: a batch of 1,000 accounts writes each of them. */
  readonly #sql: {
    step: Database.Statement;
    steps: Database.Statement;
    counts: Database.Statement;
    reached: Database.Statement;
    failed: Database.Statement;
  };
  /** Marks made and not written yet (`reached`), in order: they go in together soon, or before a read. */
  #marks: unknown[][] = [];
  #marksScheduled = false;

  constructor(file: string, now: () => number = Date.now) {
    this.#db = openPrivateDatabase(file, { timeout: 5000 });
    this.#db.pragma('journal_mode = WAL');
    // WAL with NORMAL survives the app being killed; only a power cut may lose the newest marks.
    this.#db.pragma('synchronous = NORMAL');
    privateSidecars(file);
    migrate(this.#db, migrations, file);
    this.#now = now;
    this.#sql = {
      step: this.#db.prepare('SELECT * FROM create_steps WHERE batch_id = ? AND n = ?'),
      steps: this.#db.prepare('SELECT * FROM create_steps WHERE batch_id = ? ORDER BY n'),
      counts: this.#db.prepare(
        `SELECT COUNT(*) AS total, SUM(stage = 'done') AS done,
                SUM(stage <> 'done' AND error_code IS NOT NULL) AS failed
         FROM create_steps WHERE batch_id = ?`,
      ),
      reached: this.#db.prepare(
        `UPDATE create_steps SET stage = ?, pending = ?, error_code = NULL, error_message = NULL,
           sub_account_id = COALESCE(?, sub_account_id), api_key_id = COALESCE(?, api_key_id), updated_at = ?
         WHERE batch_id = ? AND n = ?`,
      ),
      failed: this.#db.prepare(
        `UPDATE create_steps SET error_code = ?, error_message = ?,
           pending = CASE WHEN ? = 1 THEN NULL ELSE pending END, updated_at = ?
         WHERE batch_id = ? AND n = ?`,
      ),
    };
  }

  /** Writes the marks waiting, in one commit; a failure leaves them waiting and is thrown. */
  #writeMarks(): void {
    if (this.#marks.length === 0) return;
    const marks = this.#marks;
    this.#db.transaction(() => {
      for (const mark of marks) this.#sql.reached.run(...mark);
    })();
    this.#marks = [];
  }

  #scheduleMarks(): void {
    if (this.#marksScheduled) return;
    this.#marksScheduled = true;
    setTimeout(() => {
      this.#marksScheduled = false;
      try {
        this.#writeMarks();
      } catch {
        // Left waiting: the next read or write of the journal writes them again, and throws.
      }
    }, MARKS_EVERY_MS).unref();
  }

  /** Writes a confirmed batch with every account planned, each with its own account id. */
  start(connection: string, mainAccount: string, plan: BatchPlan): BatchRecord {
    this.#writeMarks();
    const id = randomUUID();
    const now = this.#now();
    const insertStep = this.#db.prepare(
      `INSERT INTO create_steps (batch_id, n, alias, email, account_id, stage, updated_at)
       VALUES (?, ?, ?, ?, ?, 'planned', ?)`,
    );
    this.#db.transaction(() => {
      this.#db
        .prepare(
          `INSERT INTO create_batches (id, connection, main_account, created_at, plan_json, state)
           VALUES (?, ?, ?, ?, ?, 'running')`,
        )
        .run(id, connection, mainAccount, now, JSON.stringify(plan));
      plan.names.forEach((alias, n) =>
        insertStep.run(id, n, alias, plan.emails?.[n] ?? null, randomUUID(), now),
      );
    })();
    return this.batch(id) as BatchRecord;
  }

  batch(id: string): BatchRecord | undefined {
    this.#writeMarks();
    const row = this.#db.prepare('SELECT * FROM create_batches WHERE id = ?').get(id) as BatchRow | undefined;
    return row ? toBatch(row) : undefined;
  }

  /** Every batch, newest first. */
  batches(limit = 50): BatchRecord[] {
    this.#writeMarks();
    const rows = this.#db
      .prepare('SELECT * FROM create_batches ORDER BY created_at DESC, rowid DESC LIMIT ?')
      .all(limit) as BatchRow[];
    return rows.map(toBatch);
  }

  steps(batchId: string): StepRecord[] {
    this.#writeMarks();
    return (this.#sql.steps.all(batchId) as StepRow[]).map(toStep);
  }

  /** How many accounts of each batch are done and how many stopped on an error. */
  counts(batchId: string): { total: number; done: number; failed: number } {
    this.#writeMarks();
    const row = this.#sql.counts.get(batchId) as {
      total: number;
      done: number | null;
      failed: number | null;
    };
    return { total: row.total, done: row.done ?? 0, failed: row.failed ?? 0 };
  }

  /**
   * The step reached `stage`; `next`, when given, was sent and its answer is not known. Written with
   * the other marks of this turn (see the file's head).
   */
  reached(
    step: StepRecord,
    stage: StepStage,
    ids: { subAccountId?: string | undefined; apiKeyId?: string | undefined } = {},
    next: PendingAction | null = null,
  ): StepRecord {
    const updatedAt = this.#now();
    this.#marks.push([
      stage,
      next,
      ids.subAccountId ?? null,
      ids.apiKeyId ?? null,
      updatedAt,
      step.batchId,
      step.n,
    ]);
    this.#scheduleMarks();
    return {
      ...step,
      stage,
      pending: next,
      errorCode: null,
      errorMessage: null,
      subAccountId: ids.subAccountId ?? step.subAccountId,
      apiKeyId: ids.apiKeyId ?? step.apiKeyId,
      updatedAt,
    };
  }

  /**
   * The step stopped on an error. `settled`: the exchange refused it (nothing was done, the mark is
   * cleared); otherwise its outcome is unknown and the mark stays, to be looked up before a retry.
   */
  failed(step: StepRecord, code: string, message: string, settled: boolean): StepRecord {
    this.#writeMarks();
    const updatedAt = this.#now();
    this.#sql.failed.run(code, message, settled ? 1 : 0, updatedAt, step.batchId, step.n);
    return {
      ...step,
      errorCode: code,
      errorMessage: message,
      pending: settled ? null : step.pending,
      updatedAt,
    };
  }

  finish(batchId: string): void {
    this.#writeMarks();
    this.#db.prepare(`UPDATE create_batches SET state = 'finished' WHERE id = ?`).run(batchId);
  }

  /** The step as the journal holds it now. */
  step(batchId: string, n: number): StepRecord | undefined {
    this.#writeMarks();
    const row = this.#sql.step.get(batchId, n) as StepRow | undefined;
    return row ? toStep(row) : undefined;
  }

  close(): void {
    try {
      this.#writeMarks();
    } finally {
      this.#db.close();
    }
  }
}
