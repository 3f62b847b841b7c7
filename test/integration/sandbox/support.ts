/** Test-side signer and HTTP helper for the sandbox; independent of main/ (its own HMAC code). */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { startSandbox } from '../../../main/sandbox/index.ts';
import type { Sandbox, SandboxAccount, SandboxOptions } from '../../../main/sandbox/index.ts';

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export interface SendOptions {
  /** Replace the nonce (undefined value = omit it). */
  nonce?: number | null;
  nonceWindow?: boolean;
  request?: string;
  headers?: Record<string, string | undefined>;
  /** Mutate the payload header after signing. */
  payload?: string;
  signature?: string;
  rawBody?: string;
}

export function signPayload(payload: string, secret: string): string {
  return createHmac('sha512', secret).update(payload).digest('hex');
}

export function toPayload(body: string): string {
  return Buffer.from(body, 'utf8').toString('base64');
}

let lastNonce = Date.now();
function nextNonce(): number {
  lastNonce = Math.max(lastNonce + 1, Date.now());
  return lastNonce;
}

export class Client {
  readonly base: string;
  account: SandboxAccount;

  constructor(base: string, account: SandboxAccount) {
    this.base = base;
    this.account = account;
  }

  async post(path: string, fields: Record<string, unknown> = {}, opts: SendOptions = {}): Promise<Reply> {
    const body: Record<string, unknown> = { request: opts.request ?? path };
    if (opts.nonce !== null) body['nonce'] = opts.nonce ?? nextNonce();
    // later automatic nonces stay above any explicit one (keys keep the highest nonce seen)
    if (typeof opts.nonce === 'number' && !opts.nonceWindow) lastNonce = Math.max(lastNonce, opts.nonce);
    if (opts.nonceWindow !== undefined) body['nonceWindow'] = opts.nonceWindow;
    Object.assign(body, fields);
    const text = opts.rawBody ?? JSON.stringify(body);
    const payload = toPayload(text);
    const all: Record<string, string | undefined> = {
      'Content-Type': 'application/json',
      'X-TXC-APIKEY': this.account.apiKey,
      'X-TXC-PAYLOAD': opts.payload ?? payload,
      'X-TXC-SIGNATURE': opts.signature ?? signPayload(payload, this.account.apiSecret),
      ...opts.headers,
    };
    const headers = Object.fromEntries(
      Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const res = await fetch(this.base + path, { method: 'POST', headers, body: text });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  /** The answer's body, once the exchange took the request (2xx); else the test fails naming it. */
  async ok(path: string, fields: Record<string, unknown> = {}): Promise<Reply['body']> {
    const r = await this.post(path, fields);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  }
}

export async function get(base: string, path: string): Promise<Reply> {
  const res = await fetch(base + path);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export interface Harness {
  sandbox: Sandbox;
  client(label: string): Client;
  account(label: string): SandboxAccount;
}

export async function start(options: SandboxOptions = {}): Promise<Harness> {
  // books stay still unless a test asks for the simulated market
  const sandbox = await startSandbox({ port: 0, seed: 42, simulate: false, ...options });
  const account = (label: string): SandboxAccount => {
    const a = sandbox.accounts.find((x) => x.label === label);
    if (!a) throw new Error(`no account ${label}`);
    return a;
  };
  return { sandbox, account, client: (label) => new Client(sandbox.rest, account(label)) };
}
