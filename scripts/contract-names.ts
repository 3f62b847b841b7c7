import type { Plugin } from 'vite';

const CONTRACT = /[\\/]main[\\/]ipc[\\/]contract\.ts$/;

/**
 * The bridge (`preload/bridge.ts`) takes only the names of the contract's procedures and events
 * from `main/ipc/contract.ts`; bundled as is, that module would build every input schema of every
 * domain with zod before the page's first script runs. This plugin bundles the two name lists in
 * its place, read from the contract at build time, so the Electron preload and the browser test
 * host's bridge both start at once and still know exactly the contract's names.
 */
export function contractNamesOnly(): Plugin {
  return {
    name: 'txc-contract-names',
    async load(id) {
      if (!CONTRACT.test(id.split('?')[0] ?? '')) return null;
      const { procedureNames, eventNames } = await import('../main/ipc/contract.ts');
      return [
        `export const procedureNames = ${JSON.stringify(procedureNames)};`,
        `export const eventNames = ${JSON.stringify(eventNames)};`,
      ].join('\n');
    },
  };
}
