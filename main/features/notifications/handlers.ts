/** IPC handlers of `notifications.*`: which kinds raise a desktop notification, and a test notice. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { notificationsProcedures } from './procedures.ts';
import type { NotificationService } from './service.ts';

type Handlers = HandlersOf<typeof notificationsProcedures>;

/** What the handlers of `notifications.*` draw on. */
export interface NotificationsHandlerDeps {
  readonly notifications: NotificationService;
}

export function notificationsHandlers({
  notifications,
}: NotificationsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `notifications.${string}`>> {
  return {
    'notifications.settings': () => notifications.settings,
    'notifications.configure': (changes) => notifications.configure(changes),
    'notifications.test': () => {
      notifications.test();
      return null;
    },
  };
}
