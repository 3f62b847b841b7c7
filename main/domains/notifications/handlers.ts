/** IPC handlers of `notifications.*`: which kinds raise a desktop notification, and a test notice. */
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

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
