import { WorkerChannel, type CallOptions } from './channel.ts';
import { CacheClosedError } from './errors.ts';
import { packDeals } from './deal-pack.ts';
import { HeavyReader } from './heavy-reader.ts';
import type { MigrationReport } from './migrate.ts';
import type {
  MethodArgs,
  MethodResult,
  ReadMethodName,
  ReadMethods,
  WriteMethodName,
  WriteMethods,
} from './methods.ts';
import { cacheFilePath } from './paths.ts';
import type { ExportProgress } from './repos/deal-export.ts';
import { cacheWorkerUrl } from './worker-url.ts';

/** How long the long-read worker stays after its last call, by default. */
const HEAVY_IDLE_MS = 30_000;

export interface OpenCacheOptions {
  /** The app's data folder; the file is `<dataDir>/profiles/<profile>/cache.sqlite`. */
  dataDir: string;
  profile: string;
  /**
   * Read-only workers besides the writer (default 2): with 2, long reads (totals, counts, CSV export)
   * get their own thread so they never hold up a page; with 1 all reads share it; with 0 the writer
   * answers reads as well. The second starts with the first long read and ends once long reads have
   * stopped for `heavyIdleMs`, so a session that never reads totals holds no thread (and memory) for
   * them.
   */
  readWorkers?: 0 | 1 | 2;
  /** How long the long-read worker stays after its last call (default 30 s). */
  heavyIdleMs?: number;
  /** The worker entry; defaults to `cacheWorkerUrl()` (source). A bundle passes its built file. */
  workerUrl?: URL;
  /**
   * Modules whose `readMethods` and `writeMethods` every worker answers besides its own (a feature's
   * store): called through `Cache.extension`. A bundle passes its built files.
   */
  extensions?: URL[];
}

/** Where a call of an extension's method runs. */
export type ExtensionLane =
  /** the first read worker: short reads */
  | 'read'
  /** the long-read worker: reads that may scan a table */
  | 'heavy'
  /** a read worker of its own, started for the call and ended after it: work that takes seconds */
  | 'job'
  /** the writer */
  | 'write';

type Fn<M, K extends keyof M> = M[K] extends (c: never, ...args: never[]) => unknown ? M[K] : never;
type Reader<K extends ReadMethodName> = (
  ...args: MethodArgs<ReadMethods[K]>
) => Promise<MethodResult<Fn<ReadMethods, K>>>;
type Writer<K extends WriteMethodName> = (
  ...args: MethodArgs<WriteMethods[K]>
) => Promise<MethodResult<Fn<WriteMethods, K>>>;

export interface ExportCsvOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  chunkRows?: number;
}

/**
 * The local cache as the main thread sees it: typed async methods. Writes go to the writer worker;
 * reads go to the read workers when there are any. No query ever runs on the calling thread.
 */
export class Cache {
  readonly file: string;
  readonly schemaVersion: number;
  readonly migration: MigrationReport | null;
  readonly #writer: WorkerChannel;
  readonly #reader: WorkerChannel;
  readonly #readers: WorkerChannel[];
  readonly #heavy: HeavyReader | undefined;
  readonly #startJob: (() => WorkerChannel) | undefined;
  /** Jobs running on workers of their own, closed with the cache. */
  readonly #jobs = new Set<WorkerChannel>();
  #closed = false;

  constructor(
    file: string,
    writer: WorkerChannel,
    readers: WorkerChannel[],
    opened: { schemaVersion: number; migration: MigrationReport | null },
    /** Starts the long-read worker on demand; without it long reads share the first reader. */
    heavy?: { start: () => WorkerChannel; idleMs: number },
    /** Starts a read worker for one job (`extension` calls in the `job` lane). */
    startJob?: () => WorkerChannel,
  ) {
    this.#startJob = startJob;
    this.file = file;
    this.#writer = writer;
    this.#readers = readers;
    this.#reader = readers[0] ?? writer;
    this.#heavy = heavy ? new HeavyReader(heavy.start, heavy.idleMs) : undefined;
    this.schemaVersion = opened.schemaVersion;
    this.migration = opened.migration;
  }

  /** Whether the long-read worker is running now (it starts with a long read, ends when idle). */
  get heavyReaderRunning(): boolean {
    return this.#heavy?.running ?? false;
  }

  #read<K extends ReadMethodName>(name: K, options?: CallOptions): Reader<K> {
    return this.#readOn(false, name, options);
  }

  /** A read that may scan the whole table: it goes to the second read worker when there is one. */
  #heavyRead<K extends ReadMethodName>(name: K, options?: CallOptions): Reader<K> {
    return this.#readOn(true, name, options);
  }

  /** Reads sent so far, by method. */
  readonly #reads = new Map<ReadMethodName, number>();

  /** How many reads of a method (or of every method) were sent to the workers so far. */
  readCount(name?: ReadMethodName): number {
    if (name !== undefined) return this.#reads.get(name) ?? 0;
    let n = 0;
    for (const count of this.#reads.values()) n += count;
    return n;
  }

  #readOn<K extends ReadMethodName>(heavy: boolean, name: K, options?: CallOptions): Reader<K> {
    return (async (...args: unknown[]) => {
      this.#reads.set(name, (this.#reads.get(name) ?? 0) + 1);
      if (this.#reader !== this.#writer) {
        // Another connection: it reads what the writer has done, so let every write sent before
        // this read land first (the writer takes calls in order: the last one settling is enough).
        await this.#lastWrite;
        await this.#commitDeals();
      }
      if (heavy && this.#heavy) return this.#heavy.call(name, args, options);
      return this.#reader.call(name, args, options);
    }) as Reader<K>;
  }

  /** The last call sent to the writer, settled either way: reads on other connections wait for it. */
  #lastWrite: Promise<unknown> = Promise.resolve();

  #sendWrite<T>(call: Promise<T>): Promise<T> {
    this.#lastWrite = call.catch(() => undefined);
    return call;
  }

  /** Deal pages sent to the writer so far, and how many of them are known to be committed. */
  #dealPagesSent = 0;
  #dealPagesCommitted = 0;

  /**
   * The writer answers a page of deals before it commits it (`deal-group.ts`); a read on another
   * connection first has it commit, so the read sees every page stored before it.
   */
  async #commitDeals(): Promise<void> {
    const sent = this.#dealPagesSent;
    if (this.#dealPagesCommitted >= sent) return;
    await this.#writer.call('meta.flush', []);
    this.#dealPagesCommitted = Math.max(this.#dealPagesCommitted, sent);
  }

  #write<K extends WriteMethodName>(name: K): Writer<K> {
    return (...args) => this.#sendWrite(this.#writer.call(name, args)) as never;
  }

  readonly deals = {
    page: this.#read('deals.page'),
    count: this.#heavyRead('deals.count'),
    totals: this.#heavyRead('deals.totals'),
    newestTime: this.#read('deals.newestTime'),
    /**
     * Stores a page of deals (and the sync checkpoint after it) in one transaction with the pages
     * just before it (committed within 50 ms, see `deal-group.ts`). A page of plain deals crosses to
     * the writer packed (`packDeals`); anything else goes as it is and is refused there.
     */
    upsert: ((rows, checkpoint) => {
      this.#dealPagesSent++;
      const packed = packDeals(rows);
      if (!packed) return this.#sendWrite(this.#writer.call('deals.upsert', [rows, checkpoint]));
      return this.#sendWrite(
        this.#writer.call('deals.upsertPacked', [packed, checkpoint], {
          transfer: [packed.numbers.buffer as ArrayBuffer, packed.lengths.buffer as ArrayBuffer],
        }),
      );
    }) as Writer<'deals.upsert'>,
    /** Streams a filtered view to `path` as CSV; cancel with `signal`, follow with `onProgress`. */
    exportCsv: (
      filter: MethodArgs<ReadMethods['deals.exportCsv']>[0],
      path: string,
      options: ExportCsvOptions = {},
    ): Promise<ExportProgress> => {
      const call: CallOptions = {};
      if (options.signal) call.signal = options.signal;
      const onProgress = options.onProgress;
      if (onProgress) call.onProgress = (value) => onProgress(value as ExportProgress);
      return this.#heavyRead('deals.exportCsv', call)(filter, path, options.chunkRows);
    },
  };

  readonly balances = {
    latest: this.#read('balances.latest'),
    list: this.#read('balances.list'),
    record: this.#write('balances.record'),
    recordMany: this.#write('balances.recordMany'),
    prune: this.#write('balances.prune'),
  };

  readonly positions = {
    list: this.#read('positions.list'),
    realizedSince: this.#read('positions.realizedSince'),
    upsert: this.#write('positions.upsert'),
  };
  readonly borrows = { list: this.#read('borrows.list'), upsert: this.#write('borrows.upsert') };

  readonly mining = {
    rewards: this.#read('mining.rewards'),
    workerSamples: this.#read('mining.workerSamples'),
    upsertRewards: this.#write('mining.upsertRewards'),
    recordWorkerSample: this.#write('mining.recordWorkerSample'),
    recordWorkerSamples: this.#write('mining.recordWorkerSamples'),
  };

  readonly webhooks = {
    list: this.#read('webhooks.list'),
    lastNonce: this.#read('webhooks.lastNonce'),
    record: this.#write('webhooks.record'),
  };

  readonly audit = {
    list: this.#read('audit.list'),
    unsent: this.#read('audit.unsent'),
    orderOperators: this.#read('audit.orderOperators'),
    record: this.#write('audit.record'),
    recordMany: this.#write('audit.recordMany'),
  };
  readonly batches = { list: this.#read('batches.list'), record: this.#write('batches.record') };

  readonly lastKnown = {
    get: this.#read('lastKnown.get'),
    list: this.#read('lastKnown.list'),
    put: this.#write('lastKnown.put'),
  };

  readonly checkpoints = {
    load: this.#read('checkpoints.load'),
    list: this.#read('checkpoints.list'),
    save: this.#write('checkpoints.save'),
    delete: this.#write('checkpoints.delete'),
  };

  readonly meta = {
    schemaVersion: this.#read('meta.schemaVersion'),
    integrityCheck: this.#read('meta.integrityCheck'),
    /** An online backup of the whole cache to a file (on the long-read worker: writes go on). */
    backup: this.#heavyRead('meta.backup'),
    /** Replaces the history with a backup's (`backup.ts`). */
    restore: this.#write('meta.restore'),
  };

  /** The vault's records (`repos/vault.ts`) and how far back each account's history goes. */
  readonly vault = {
    upsert: this.#write('vault.upsert'),
    list: this.#read('vault.list'),
    keys: this.#heavyRead('vault.keys'),
    extent: this.#heavyRead('vault.extent'),
  };

  /**
   * Calls a method an extension module added to the workers (`OpenCacheOptions.extensions`), in a
   * lane: like every read, it first waits for the writes sent before it.
   */
  async extension(
    lane: ExtensionLane,
    name: string,
    args: unknown[],
    options?: CallOptions,
  ): Promise<unknown> {
    if (lane === 'write') return this.#sendWrite(this.#writer.call(name, args, options));
    if (this.#reader !== this.#writer) {
      await this.#lastWrite;
      await this.#commitDeals();
    }
    if (lane === 'heavy' && this.#heavy) return this.#heavy.call(name, args, options);
    if (lane !== 'job' || !this.#startJob) return this.#reader.call(name, args, options);
    if (this.#closed) throw new CacheClosedError();
    const channel = this.#startJob();
    this.#jobs.add(channel);
    try {
      await channel.ready;
      return await channel.call(name, args, options);
    } finally {
      this.#jobs.delete(channel);
      await channel.close();
    }
  }

  /** Closes the readers and jobs (running ones are cancelled), then the writer; every thread ends. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([
      ...this.#readers.map((r) => r.close()),
      this.#heavy?.close(),
      ...[...this.#jobs].map((j) => j.close()),
    ]);
    await this.#writer.close();
  }
}

/**
 * Opens a profile's cache: starts the writer worker (which creates and migrates the file), then the
 * read workers. Fails with the worker's own error (e.g. `SchemaTooNewError`) if the file cannot be used.
 */
export async function openCache(options: OpenCacheOptions): Promise<Cache> {
  const file = cacheFilePath(options.dataDir, options.profile);
  const url = options.workerUrl ?? cacheWorkerUrl();
  const extensions = (options.extensions ?? []).map((u) => u.href);
  const writer = new WorkerChannel(url, { file, role: 'write', extensions });
  let opened;
  try {
    opened = await writer.ready;
  } catch (error) {
    await writer.close();
    throw error;
  }
  const count = options.readWorkers ?? 2;
  const reader = () => new WorkerChannel(url, { file, role: 'read', extensions });
  const readers = count > 0 ? [reader()] : [];
  try {
    await Promise.all(readers.map((r) => r.ready));
  } catch (error) {
    await Promise.all([...readers.map((r) => r.close()), writer.close()]);
    throw error;
  }
  const heavy = count === 2 ? { start: reader, idleMs: options.heavyIdleMs ?? HEAVY_IDLE_MS } : undefined;
  return new Cache(file, writer, readers, opened, heavy, count > 0 ? reader : undefined);
}
