import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headlessPlatform } from '../../../main/platform.ts';
import { saveTableCsv } from '../../../main/features/app/table-export.ts';

describe('a table saved as CSV', () => {
  it('is owner-only, also when it replaces a file others could read', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'txc-table-')), 'orders.csv');
    writeFileSync(file, 'old,table\n', { mode: 0o644 });
    const platform = { ...headlessPlatform, chooseFileToSave: () => Promise.resolve(file) };
    expect(await saveTableCsv(platform, 'orders', 'market,side\nBTC_USDT,buy\n')).toEqual({
      file,
      bytes: 25,
    });
    expect(readFileSync(file, 'utf8')).toBe('market,side\nBTC_USDT,buy\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
