/** The procedures of desktop notifications: which kinds main raises, and a test notice. */
import { z } from 'zod';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { NotificationKind, NotificationSettings } from './views.ts';
import { NOTIFICATION_KINDS } from './views.ts';

export const notificationsProcedures = {
  'notifications.settings': procedure<NotificationSettings>()(
    'Which kinds of event raise a desktop notification.',
    noInput,
  ),
  'notifications.configure': procedure<NotificationSettings>()(
    'Turns kinds of desktop notification on or off; answers the settings in force.',
    z.strictObject(
      Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
        NotificationKind,
        z.ZodOptional<z.ZodBoolean>
      >,
    ),
  ),
  'notifications.test': procedure<null>()(
    'Shows a desktop notification now, to check the system lets the app show them.',
    noInput,
  ),
} as const satisfies Record<string, ProcedureDef>;
