/**
 * The webhook receiver's trusted proxy, kept in `webhook-proxy.json` of the profile (written whole,
 * owner-only); an unreadable or invalid file trusts no proxy.
 */
import { readFileSync } from 'node:fs';
import { writeJsonFile } from '../../json-file.ts';
import { normalizeAddress } from '../../webhooks/sender.ts';

export class TrustedProxyFile {
  readonly #file: string | undefined;
  #address: string | undefined;

  constructor(file?: string) {
    this.#file = file;
    if (!file) return;
    try {
      const stored = (JSON.parse(readFileSync(file, 'utf8')) as { address?: unknown }).address;
      this.#address = typeof stored === 'string' ? normalizeAddress(stored) : undefined;
    } catch {
      this.#address = undefined;
    }
  }

  get address(): string | undefined {
    return this.#address;
  }

  set(address: string | undefined): void {
    if (this.#file) writeJsonFile(this.#file, address === undefined ? {} : { address });
    this.#address = address;
  }
}
