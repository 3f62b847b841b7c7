import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { CacheCancelledError, CacheClosedError, CacheInputError, deserializeError } from './errors.ts';
import type { MigrationReport } from './migrate.ts';
import type { FromWorker, ToWorker, WorkerData } from './protocol.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** Buffers in the arguments to move to the worker instead of copying (unusable here afterwards). */
  transfer?: ArrayBuffer[];
  onProgress?: (value: unknown) => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress: ((value: unknown) => void) | undefined;
  unlink: () => void;
}

/**
 * V8's WebAssembly code GC frees code a worker isolate still holds when workers that ran WebAssembly
 * come and go (SIGSEGV in `NativeModule::FreeCode` under `Runtime_TierUpWasmToJSWrapper`; Node
 * 24.21, nodejs/node#64500). It is off for the process before its first worker starts: WebAssembly
 * still runs, its compiled code is kept until the process ends. See "Native crashes" in the README.
 */
let wasmCodeGcOff = false;
function turnOffWasmCodeGc(): void {
  if (wasmCodeGcOff) return;
  setFlagsFromString('--no-wasm-code-gc');
  wasmCodeGcOff = true;
}

/**
 * The main thread's end of one cache worker: numbered calls, their answers, progress and cancels.
 * If the worker dies, every pending call fails with `CacheClosedError` and so does every later one.
 */
export class WorkerChannel {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;
  readonly ready: Promise<{ schemaVersion: number; migration: MigrationReport | null }>;

  constructor(url: URL, data: WorkerData) {
    turnOffWasmCodeGc();
    this.#worker = new Worker(url, { workerData: data, name: `txc-cache-${data.role}` });
    this.ready = new Promise((resolve, reject) => {
      this.#worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') resolve(message);
        else if (message.type === 'failed') reject(deserializeError(message.error));
        else this.#onMessage(message);
      });
      this.#worker.once('error', (error) => {
        const reason = new CacheClosedError(`The cache worker failed: ${error.message}`);
        reject(reason);
        this.#stop(reason);
      });
      this.#worker.once('exit', (code) => {
        const reason = new CacheClosedError(
          this.#closing ? 'The local cache is closed.' : `The cache worker stopped (exit code ${code}).`,
        );
        reject(reason);
        this.#stop(reason);
      });
    });
    this.ready.catch(() => undefined);
  }

  call(method: string, args: unknown[], options: CallOptions = {}): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closing) return Promise.reject(new CacheClosedError());
    if (options.signal?.aborted) return Promise.reject(new CacheCancelledError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#post({ type: 'cancel', id });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(id, {
        resolve,
        reject,
        onProgress: options.onProgress,
        unlink: () => options.signal?.removeEventListener('abort', onAbort),
      });
      try {
        this.#post({ type: 'call', id, method, args }, options.transfer);
      } catch (error) {
        // Arguments that cannot cross a thread (a function, a class instance with private state).
        this.#pending.delete(id);
        options.signal?.removeEventListener('abort', onAbort);
        reject(new CacheInputError(`${method}: ${error instanceof Error ? error.message : String(error)}`));
      }
    });
  }

  /** Lets running calls finish (long ones are cancelled), closes the connection, ends the thread. */
  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      if (this.#stopped) return resolve();
      this.#worker.once('exit', () => resolve());
      this.#post({ type: 'close' });
    });
    return this.#closing;
  }

  #post(message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (!this.#stopped) this.#worker.postMessage(message, transfer);
  }

  #onMessage(message: FromWorker): void {
    if (message.type === 'closed' || message.type === 'ready' || message.type === 'failed') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.value);
      return;
    }
    this.#pending.delete(message.id);
    pending.unlink();
    if (message.type === 'result') pending.resolve(message.value);
    else pending.reject(deserializeError(message.error));
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.unlink();
      pending.reject(reason);
    }
  }
}
