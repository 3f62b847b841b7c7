import { writeFile } from 'node:fs/promises';
import type { Platform } from '../platform.ts';

/**
 * Writes a table the renderer shows, as the CSV text it built from exactly what is on screen, to a
 * file the user picks in the save dialog. Returns the file, or null when the dialog was cancelled.
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
  await writeFile(file, bytes, { mode: 0o600 });
  return { file, bytes: bytes.length };
}
