/** What main knows about the frame that sent an IPC message. */
export interface SenderInfo {
  readonly webContentsId: number;
  /** URL of the sending frame; undefined when the frame is gone. */
  readonly frameUrl: string | undefined;
  /** Whether the sending frame is its page's top frame. */
  readonly isTopFrame: boolean;
}

export interface TrustedPage {
  readonly webContentsId: number;
  /** `protocol//host` of the app's own pages, for example `app://txc`. */
  readonly origin: string;
}

/** `protocol//host` of a URL; works for custom schemes, where `URL.origin` is "null". */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** Only the app's own top frame in its own window may call main. */
export function isTrustedSender(sender: SenderInfo, trusted: TrustedPage): boolean {
  return (
    sender.webContentsId === trusted.webContentsId &&
    sender.isTopFrame &&
    sender.frameUrl !== undefined &&
    originOf(sender.frameUrl) === trusted.origin
  );
}
