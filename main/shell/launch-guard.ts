/**
 * Switches a packaged app refuses to start with. Electron's fuses cannot turn off Chromium's remote
 * debugging: with `--remote-debugging-port` (or `-pipe`) any other program on this computer could
 * drive the page, read what it shows and call main as the page does. Chromium reads a switch with
 * `--`, `-` (and `/` on Windows) in front, any letter case, with or without `=value`.
 */
const REFUSED = ['remote-debugging-port', 'remote-debugging-pipe'] as const;

/** The refused switch on this command line, as written; undefined when there is none. */
export function refusedSwitch(
  argv: readonly string[],
  has: (name: string) => boolean = () => false,
): string | undefined {
  for (const arg of argv) {
    const name = /^(?:--?|\/)([a-z-]+)(?:=|$)/i.exec(arg)?.[1]?.toLowerCase();
    if (name && (REFUSED as readonly string[]).includes(name)) return arg;
  }
  const set = REFUSED.find((name) => has(name));
  return set ? `--${set}` : undefined;
}

/** What the person reads when the app refuses to start. */
export function refusalMessage(arg: string): string {
  const name = arg.split('=')[0] ?? arg;
  return (
    `TXC Desk does not start with ${name}: it would let another program on this computer control the ` +
    'app, see your accounts and place orders. Start TXC Desk without it.'
  );
}
