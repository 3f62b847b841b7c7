import { expect } from 'vitest';
import type { AppSession, OpenedPage } from './session.ts';

/**
 * A fresh page with the app loaded (no remembered section, theme or shortcuts) once its status bar
 * shows the version, and a collector for console errors and CSP violations.
 */
export async function openFreshApp(app: AppSession): Promise<OpenedPage> {
  const opened = await app.openPage('', { clearStorage: true });
  await expect
    .poll(() => opened.page.getByTestId('status-version').textContent())
    .toBe('TXC Desk 0.0.0-test');
  return opened;
}
