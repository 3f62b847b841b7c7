/** The procedures of what the app is, and restarting it. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { AppInfo } from '../../views/app.ts';

export const appProcedures = {
  'app.info': procedure<AppInfo>()('Version, platform and data directory of the running app.', noInput),
  'app.restart': procedure<null>()('Restarts the app (to connect as saved).', noInput),
  'app.saveCsv': procedure<{ file: string | null; bytes: number }>()(
    'Saves a table as shown (CSV text) to a file the user picks; null when the dialog is cancelled.',
    z.strictObject({
      name: z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,79}$/,
          'must be a short file name of letters, digits, dots and dashes',
        ),
      csv: z.string().max(256 * 1024 * 1024, 'is too large to save: at most 256 MB'),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
