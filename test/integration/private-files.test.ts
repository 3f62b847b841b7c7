import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheFilePath, openWritable } from '../../main/cache/open.ts';
import { writeJsonFile } from '../../main/json-file.ts';
import { fileSink } from '../../main/log.ts';
import { startSandbox } from '../../main/sandbox/index.ts';
import { AccountRegistry } from '../../main/vault/registry.ts';
import { MemorySecretStore } from '../../main/vault/secret-store.ts';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let dataDir: string;
let umask: number;
// The usual umask: with it, a file created without an explicit mode comes out 0644, a folder 0755.
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});
const fresh = () => (dataDir = mkdtempSync(join(tmpdir(), 'txc-private-')));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('files of the profile are the user’s only', () => {
  it('the cache file, its -wal and -shm and the profile folder: 0600 and 0700', () => {
    const file = cacheFilePath(fresh(), 'desk');
    const { db } = openWritable(file);
    db.prepare(`INSERT INTO sync_checkpoints VALUES ('deals:a', '{}', 1)`).run();
    expect(mode(join(dataDir, 'profiles', 'desk'))).toBe('700');
    expect(mode(join(dataDir, 'profiles'))).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe('600');
    db.close();
  });

  it('tightens a cache file, its sidecars and folder that an earlier version left readable', () => {
    const file = cacheFilePath(fresh(), 'desk');
    openWritable(file).db.close();
    const profile = join(dataDir, 'profiles', 'desk');
    chmodSync(profile, 0o755);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o644);
    const { db } = openWritable(file);
    expect(mode(profile)).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe('600');
    db.close();
  });

  it('the account registry file and its -wal and -shm: 0600', () => {
    const file = join(fresh(), 'profiles', 'default', 'accounts.sqlite');
    const registry = new AccountRegistry(file, new MemorySecretStore());
    expect(mode(join(dataDir, 'profiles', 'default'))).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe('600');
    registry.close();
  });

  it('the log folder and file: 0700 and 0600, an older readable log tightened', async () => {
    const file = join(fresh(), 'logs', 'main.log');
    const first = fileSink(file);
    first.write('one');
    await first.close();
    expect(mode(join(dataDir, 'logs'))).toBe('700');
    expect(mode(file)).toBe('600');
    chmodSync(file, 0o644);
    const second = fileSink(file);
    second.write('two');
    await second.close();
    expect(mode(file)).toBe('600');
  });

  it('a JSON file and the folder it creates: 0600 and 0700', () => {
    const file = join(fresh(), 'profiles', 'p', 'notifications.json');
    writeJsonFile(file, { on: true });
    expect(mode(join(dataDir, 'profiles', 'p'))).toBe('700');
    expect(mode(file)).toBe('600');
  });

  it('the sandbox state folder and file: 0700 and 0600', async () => {
    const dir = join(fresh(), 'sandbox');
    const sandbox = await startSandbox({ port: 0, seed: 3, simulate: false, dataDir: dir });
    await sandbox.close();
    expect(mode(dir)).toBe('700');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(mode(join(dir, f)), f).toBe('600');
  });
});
