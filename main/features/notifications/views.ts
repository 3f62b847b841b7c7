/** The result and payload types of desktop notifications (plain data). */

/** Every kind of desktop notification, in the order Settings lists them. */
export const NOTIFICATION_KINDS = [
  'workersOffline',
  'workersLow',
  'deposits',
  'withdrawals',
  'fills',
  'exchangeCancels',
  'alerts',
  'deskAttention',
  'approvals',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which kinds raise a desktop notification (the Events list shows every event either way). */
export type NotificationSettings = Record<NotificationKind, boolean>;
