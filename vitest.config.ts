import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [svelte()],
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ['test/integration/team/**'],
          environment: 'node',
          // every answer and push of the sandbox held to the exchange's published schemas
          setupFiles: ['test/support/contract/sandbox-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The team desk against a real PostgreSQL: one throwaway cluster for the run (TLS, loopback).
          name: 'team',
          include: ['test/integration/team/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/postgres-setup.ts'],
          setupFiles: ['test/support/contract/sandbox-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // What a page shows may take a few seconds on a busy machine (a cold load, a first read);
          // an expectation still fails if it is not met within this time.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
