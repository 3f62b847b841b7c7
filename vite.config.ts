import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { DEV_CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './main/shell/csp.ts';

/** Writes the app's CSP into index.html, the same string main sends as a header. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'txc-csp',
    transformIndexHtml(_html, ctx) {
      const policy = ctx.server ? DEV_CONTENT_SECURITY_POLICY : META_CONTENT_SECURITY_POLICY;
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
          injectTo: 'head-prepend',
        },
      ];
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
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
