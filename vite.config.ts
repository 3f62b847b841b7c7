import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { DEV_CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './main/shell/csp.ts';

/**
 * index.html carries the app's CSP as a meta tag, the same string main sends as a header; the build
 * fails if they drift apart. The dev server relaxes it for Vite's injected styles.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'txc-csp',
    transformIndexHtml(html, ctx) {
      const meta = `content="${META_CONTENT_SECURITY_POLICY}"`;
      if (!html.includes(meta)) {
        throw new Error('renderer/index.html must carry META_CONTENT_SECURITY_POLICY from main/shell/csp.ts');
      }
      return ctx.server ? html.replace(meta, `content="${DEV_CONTENT_SECURITY_POLICY}"`) : html;
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [svelte(), contentSecurityPolicy()],
  build: {
    outDir: '../build/renderer',
    emptyOutDir: true,
    target: 'chrome140',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // One stylesheet for the whole window, and each screen's chunk beside one chunk of what screens
    // share: opening a screen fetches two files, not twenty (App.svelte loads screens on first use).
    cssCodeSplit: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shared', minShareCount: 2 }] } },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
