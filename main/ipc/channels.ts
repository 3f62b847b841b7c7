/** The IPC channels between preload and main: calls, pushed events, and the events the page reads. */
export const INVOKE_CHANNEL = 'txc:invoke';
export const EVENT_CHANNEL = 'txc:event';
export const READS_CHANNEL = 'txc:reads';
