import { rename, rm, writeFile } from 'node:fs/promises';
import type { Platform } from '../../platform.ts';

/**
 * Writes a table the renderer shows, as the CSV text it built from exactly what is on screen, to a
 * file the user picks in the save dialog. Returns the file, or null when the dialog was cancelled.
 * Like the deals export, the file is created owner-only (0600) beside as `<file>.partial` and renamed
 * over the chosen one, so a file chosen to be replaced does not keep a mode others can read.
 */
export async function saveTableCsv(
  platform: Platform,
  name: string,
  csv: string,
): Promise<{ file: string | null; bytes: number }> {
  const file = await platform.chooseFileToSave('Export table', `${name}.csv`, [
    { name: 'CSV', extensions: ['csv'] },
  ]);
  if (!file) return { file: null, bytes: 0 };
  const bytes = Buffer.from(csv, 'utf8');
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  try {
    await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, bytes: bytes.length };
}
