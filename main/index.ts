// Electron entry point. Everything it runs lives in main/shell (Electron) and main/core (plain Node).
import { builtPaths, runDesktopApp } from './shell/app.ts';

runDesktopApp(builtPaths(import.meta.dirname));
