import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A stand-in for the parts of Electron's API that main/shell uses, recording what the shell sets up
// so tests can drive the handlers the way Electron would.
type Handler = (...args: unknown[]) => unknown;

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeSession {
  permissionRequest: Handler | undefined;
  permissionCheck: Handler | undefined;
  devicePermission: Handler | undefined;
  setPermissionRequestHandler(h: Handler): void {
    this.permissionRequest = h;
  }
  setPermissionCheckHandler(h: Handler): void {
    this.permissionCheck = h;
  }
  setDevicePermissionHandler(h: Handler): void {
    this.devicePermission = h;
  }
}

let nextId = 1;

export class FakeWebContents {
  readonly id = nextId++;
  readonly session = new FakeSession();
  readonly listeners = new Map<string, Handler[]>();
  readonly sent: unknown[][] = [];
  windowOpenHandler: Handler | undefined;
  destroyed = false;
  setWindowOpenHandler(h: Handler): void {
    this.windowOpenHandler = h;
  }
  on(event: string, h: Handler): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), h]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const h of this.listeners.get(event) ?? []) h(...args);
  }
  send(...args: unknown[]): void {
    this.sent.push(args);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class BrowserWindow {
  static created: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.created;
  }
  static getFocusedWindow(): BrowserWindow | null {
    return null;
  }
  readonly webContents = new FakeWebContents();
  readonly options: unknown;
  loadedUrl: string | undefined;
  readonly listeners = new Map<string, Handler[]>();
  readonly once = (event: string, h: Handler): void => void this.on(event, h);
  readonly on = (event: string, h: Handler): void => {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), h]);
  };
  emit(event: string, ...args: unknown[]): void {
    for (const h of this.listeners.get(event) ?? []) h(...args);
  }
  constructor(options: unknown) {
    this.options = options;
    BrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  /** `ipcMain.on` listeners (one-way messages from the page), by channel. */
  listeners: new Map<string, Set<Handler>>(),
  on(channel: string, h: Handler): void {
    const set = this.listeners.get(channel) ?? new Set<Handler>();
    set.add(h);
    this.listeners.set(channel, set);
  },
  removeListener(channel: string, h: Handler): void {
    this.listeners.get(channel)?.delete(h);
  },
  handle(channel: string, h: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, h);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, h: (request: Request) => Promise<Response>): void {
    this.handlers.set(scheme, h);
  },
};

export class FakeApp {
  readonly listeners = new Map<string, Handler[]>();
  readonly paths: Record<string, string> = { userData: mkdtempSync(join(tmpdir(), 'txc-fake-user-data-')) };
  isPackaged = true;
  hasLock = true;
  quitCalls = 0;
  /** The exit code `exit` was called with, if it was. */
  exitCode: number | undefined;
  /** Switches Chromium was given (what `commandLine.hasSwitch` answers from). */
  readonly switches = new Set<string>();
  readonly commandLine = {
    hasSwitch: (name: string): boolean => this.switches.has(name),
  };
  #ready: () => void = () => undefined;
  readonly ready = new Promise<void>((resolve) => (this.#ready = resolve));
  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  quit(): void {
    this.quitCalls++;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  on(event: string, h: Handler): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), h]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const h of this.listeners.get(event) ?? []) h(...args);
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  becomeReady(): void {
    this.#ready();
  }
  getName(): string {
    return 'TXC Desk';
  }
  getVersion(): string {
    return '9.9.9';
  }
  getPath(name: string): string {
    const path = this.paths[name];
    if (!path) throw new Error(`no path ${name}`);
    return path;
  }
}

export const app = new FakeApp();
/** A clipboard entry: its payload per MIME type or raw OS format. */
export class ClipboardItem {
  readonly items: Record<string, unknown>;
  constructor(items: Record<string, unknown>) {
    this.items = items;
  }
  get types(): string[] {
    return Object.keys(this.items);
  }
}

/** One of the desktop's clipboards: its text, and the formats of the last entry written. */
class FakeClipboard {
  text = '';
  formats: Record<string, unknown> = {};
  readText(): Promise<string> {
    return Promise.resolve(this.text);
  }
  clear(): void {
    this.text = '';
    this.formats = {};
  }
  writeText(text: string): Promise<void> {
    this.text = text;
    this.formats = { 'text/plain': text };
    return Promise.resolve();
  }
  /** Like Electron: all entries of one write are committed together, replacing what was there. */
  write(data: ClipboardItem[]): Promise<void> {
    this.formats = Object.assign({}, ...data.map((d) => d.items)) as Record<string, unknown>;
    this.text = typeof this.formats['text/plain'] === 'string' ? this.formats['text/plain'] : '';
    return Promise.resolve();
  }
}

/** The clipboard; on Linux `selection` is the PRIMARY selection (filled by selecting text). */
export const clipboard = Object.assign(new FakeClipboard(), { selection: new FakeClipboard() });

export const dialog = {
  errors: [] as Array<[string, string]>,
  showErrorBox(title: string, content: string): void {
    this.errors.push([title, content]);
  },
  showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
  showSaveDialog: () => Promise.resolve({ canceled: true, filePath: '' }),
  /** The message boxes shown, and the button index the person presses (0 = the first). */
  messageBoxes: [] as unknown[],
  press: 0,
  /** Presses for the next message boxes, first first; `press` once they are used up. */
  presses: [] as number[],
  /** How long after a box appears the person presses (a timer: fake timers move it). 0: at once. */
  answerAfterMs: 0,
  showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    this.messageBoxes.push(args.at(-1));
    const response = this.presses.shift() ?? this.press;
    const answer = { response, checkboxChecked: false };
    if (this.answerAfterMs <= 0) return Promise.resolve(answer);
    return new Promise((resolve) => setTimeout(() => resolve(answer), this.answerAfterMs));
  },
};

export const Menu = {
  /** The menu the app installed last (its template), or undefined before it installed one. */
  installed: undefined as unknown,
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    this.installed = menu?.template;
  },
};

export default { BrowserWindow, ipcMain, protocol, app, clipboard, ClipboardItem, dialog, Menu };
