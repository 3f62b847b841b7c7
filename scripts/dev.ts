// `npm run dev`: the renderer from Vite's dev server (hot reload) inside Electron, main and preload
// bundled once. The dev server URL reaches main as a command-line argument that only this script
// passes (never `npm start`), honoured only when the app is not packaged (main/shell/development.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'vite';
import { DEV_SERVER_ARG } from '../main/shell/development.ts';
import { buildMain, buildPreload } from './build.ts';

await Promise.all([buildMain(), buildPreload()]);
const server = await createServer({ configFile: 'vite.config.ts' });
await server.listen();
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('the Vite dev server did not report a URL');

const bin = join('node_modules', '.bin', process.platform === 'win32' ? 'electron.cmd' : 'electron');
const electron = spawn(bin, ['.', `${DEV_SERVER_ARG}${url}`], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
electron.on('exit', async (code) => {
  await server.close();
  process.exit(code ?? 0);
});
