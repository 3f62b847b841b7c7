/** IPC handlers of `notifications.*`: which kinds raise a desktop notification, and a test notice. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { notificationsProcedures } from './procedures.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof notificationsProcedures>;

export function notificationsHandlers({
  notifications,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `notifications.${string}`>> {
  return {
    'notifications.settings': () => notifications.settings,
    'notifications.configure': (changes) => notifications.configure(changes),
    'notifications.test': () => {
      notifications.test();
      return null;
    },
  };
}
