import { buildRenderer } from '../../scripts/build.ts';

/** The e2e tests drive the real, freshly built renderer. */
export default async function setup(): Promise<void> {
  await buildRenderer();
}
