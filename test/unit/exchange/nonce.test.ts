import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NonceError } from '../../../main/exchange/errors.ts';
import {
  FileNonceStore,
  MemoryNonceStore,
  NonceRegistry,
  NonceSource,
  type NonceStore,
} from '../../../main/exchange/nonce.ts';

const T0 = 1_763_798_400_000;

function fakeClock(start = T0): {
  now: () => number;
  set: (t: number) => void;
  advance: (ms: number) => void;
} {
  let t = start;
  return {
    now: () => t,
    set: (value) => {
      t = value;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

describe('NonceSource', () => {
  it('uses the clock in milliseconds when it moves forward', () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    expect(source.next()).toBe(T0);
    clock.advance(250);
    expect(source.next()).toBe(T0 + 250);
  });

  it('floors a fractional clock to whole milliseconds', () => {
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: () => T0 + 0.7 });
    expect(source.next()).toBe(T0);
  });

  it('is strictly increasing when many callers ask within the same millisecond', async () => {
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: () => T0 });
    const nonces = await Promise.all(
      Array.from({ length: 500 }, async () => {
        await Promise.resolve();
        return source.next();
      }),
    );
    expect(new Set(nonces).size).toBe(500);
    for (let i = 1; i < nonces.length; i += 1) expect(nonces[i]).toBeGreaterThan(nonces[i - 1] as number);
    expect(nonces.at(-1)).toBe(T0 + 499);
  });

  it('keeps increasing when the clock steps back a little', () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    expect(source.next()).toBe(T0);
    clock.set(T0 - 3000);
    expect(source.next()).toBe(T0 + 1);
    expect(source.lead()).toBe(3002);
    clock.set(T0 + 10);
    expect(source.next()).toBe(T0 + 10);
  });

  it('refuses, without going backwards, when the clock steps back beyond the allowed lead', () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    source.next();
    clock.set(T0 - 60_000);
    expect(() => source.next()).toThrow(NonceError);
    expect(() => source.next()).toThrow(/clock/);
    clock.set(T0 + 1);
    expect(source.next()).toBe(T0 + 1);
  });

  it('acquire waits for the clock to catch up, then hands out the next nonce', async () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    source.next();
    clock.set(T0 - 6000);
    const waits: number[] = [];
    const sleep = (ms: number): Promise<void> => {
      waits.push(ms);
      clock.advance(ms);
      return Promise.resolve();
    };
    await expect(source.acquire(sleep)).resolves.toBe(T0 + 1);
    expect(waits).toEqual([2001]);
  });

  it('acquire gives up with a NonceError when the wait would be too long', async () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    source.next();
    clock.set(T0 - 3_600_000);
    const sleep = (): Promise<void> => Promise.reject(new Error('should not sleep'));
    await expect(source.acquire(sleep, 10_000)).rejects.toBeInstanceOf(NonceError);
  });

  it('acquire honours an aborted signal', async () => {
    const clock = fakeClock();
    const source = new NonceSource({ keyId: 'k', store: new MemoryNonceStore(), now: clock.now });
    source.next();
    clock.set(T0 - 6000);
    const controller = new AbortController();
    controller.abort();
    await expect(source.acquire(() => Promise.resolve(), 10_000, controller.signal)).rejects.toThrow();
  });

  it('saves a mark ahead of every nonce it hands out, but not on every call', () => {
    const clock = fakeClock();
    const store = new MemoryNonceStore();
    const source = new NonceSource({ keyId: 'k', store, now: clock.now, reserveMs: 1000 });
    for (let i = 0; i < 2500; i += 1) {
      const nonce = source.next();
      expect(store.load('k')).toBeGreaterThanOrEqual(nonce);
      clock.advance(1);
    }
    expect(store.saves).toBe(3);
  });

  it('hands out nothing when the mark cannot be saved', () => {
    const failing: NonceStore = {
      load: () => undefined,
      save: () => {
        throw new Error('disk full');
      },
    };
    const source = new NonceSource({ keyId: 'k', store: failing, now: () => T0 });
    expect(() => source.next()).toThrow(/disk full/);
    expect(source.lead()).toBe(0);
  });

  it('starts above the saved mark after a restart even if the clock went back', () => {
    const store = new MemoryNonceStore();
    const clock = fakeClock();
    const first = new NonceSource({ keyId: 'k', store, now: clock.now });
    const before = [first.next(), first.next(), first.next()];
    clock.set(T0 - 500);
    const second = new NonceSource({ keyId: 'k', store, now: clock.now });
    const after = second.next();
    expect(after).toBeGreaterThan(Math.max(...before));
    expect(after - (T0 - 500)).toBeLessThanOrEqual(4000);
  });

  it('keeps keys independent', () => {
    const store = new MemoryNonceStore();
    const registry = new NonceRegistry({ store, now: () => T0 });
    expect(registry.forKey('a').next()).toBe(T0);
    expect(registry.forKey('b').next()).toBe(T0);
    expect(registry.forKey('a').next()).toBe(T0 + 1);
    expect(registry.forKey('a')).toBe(registry.forKey('a'));
  });
});

describe('FileNonceStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'txc-nonce-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('has no mark for a key before the file exists', () => {
    expect(new FileNonceStore(join(dir, 'sub', 'nonces.json')).load('k')).toBeUndefined();
  });

  it('keeps marks of every key across instances and leaves no temporary file', () => {
    const path = join(dir, 'sub', 'nonces.json');
    const store = new FileNonceStore(path);
    store.save('a', 10);
    store.save('b', 20);
    store.save('a', 30);
    const reopened = new FileNonceStore(path);
    expect(reopened.load('a')).toBe(30);
    // every key starts at or above the shared mark: 'a' saved 30 after 'b' saved 20
    expect(reopened.load('b')).toBe(30);
    expect(reopened.load('never-used')).toBe(30);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ a: 30, b: 20, '*': 30 });
    expect(readdirSync(join(dir, 'sub'))).toEqual(['nonces.json']);
  });

  it('covers a thousand keys with a few writes, and none of them repeats across a restart', () => {
    const path = join(dir, 'nonces.json');
    const clock = fakeClock();
    const store = new FileNonceStore(path);
    let writes = 0;
    const save = store.save.bind(store);
    store.save = (key, mark) => {
      writes += 1;
      save(key, mark);
    };
    const highest = new Map<string, number>();
    for (let k = 0; k < 1000; k += 1) {
      const source = new NonceSource({ keyId: `k${String(k)}`, store, now: clock.now });
      for (let i = 0; i < 4; i += 1) highest.set(`k${String(k)}`, source.next());
      if (k % 100 === 99) clock.set(clock.now() + 300);
    }
    expect(writes).toBeLessThanOrEqual(5);
    clock.set(T0 - 200);
    const restarted = new FileNonceStore(path);
    for (const [key, last] of highest)
      expect(new NonceSource({ keyId: key, store: restarted, now: clock.now }).next()).toBeGreaterThan(last);
  });

  it('never repeats or goes backwards across a restart', () => {
    const path = join(dir, 'nonces.json');
    const clock = fakeClock();
    const run1 = new NonceSource({ keyId: 'k', store: new FileNonceStore(path), now: clock.now });
    let highest = 0;
    for (let i = 0; i < 50; i += 1) highest = run1.next();
    clock.set(T0 - 200);
    const run2 = new NonceSource({ keyId: 'k', store: new FileNonceStore(path), now: clock.now });
    expect(run2.next()).toBeGreaterThan(highest);
  });

  it('refuses to start from a damaged file rather than reset', () => {
    const path = join(dir, 'nonces.json');
    writeFileSync(path, '{"k": "twelve"}');
    expect(() => new FileNonceStore(path).load('k')).toThrow(/bad mark/);
    writeFileSync(path, '[1,2]');
    expect(() => new FileNonceStore(path).load('k')).toThrow(/object/);
    writeFileSync(path, '{"k": 1');
    expect(() => new FileNonceStore(path).load('k')).toThrow();
    expect(existsSync(path)).toBe(true);
  });
});
