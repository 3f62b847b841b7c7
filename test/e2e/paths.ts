import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const RENDERER_DIR = resolve('build/renderer');
export const ARTIFACTS_DIR = resolve('test/e2e/artifacts');

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, name);
}
