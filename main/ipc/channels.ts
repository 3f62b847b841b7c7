/** The two IPC channels between preload and main: one for calls, one for pushed events. */
export const INVOKE_CHANNEL = 'txc:invoke';
export const EVENT_CHANNEL = 'txc:event';
