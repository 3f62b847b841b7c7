// What a trader needs without scrolling, at 1280x800 and 1440x900: each screen's key elements inside
// the viewport, neither covered nor clipped, with a screenshot of each screen at each size in
// test/e2e/artifacts (looked at, with 1920x1080, whenever a screen's layout changes).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_ELEMENTS,
  missingFromView,
  openDeskMorning,
  SCREENS,
  showScreen,
  VIEWPORTS,
} from './layout-check.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({ pollTimeout: 30_000 });

beforeAll(async () => {
  await openDeskMorning((p, input) => app.call(p, input), (await app.account('Sandbox main')).id);
});

describe('the screens at desk sizes', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${String(viewport.width)}x${String(viewport.height)}`;
    for (const screen of SCREENS) {
      it(`${screen} at ${size}: its key elements are in view`, async () => {
        const { page, problems } = await app.newPage();
        await page.setViewportSize(viewport);
        await showScreen(page, app.host.url, screen);
        // The book and the board are live: what is checked is what is on screen once it has settled
        // (the screenshot is taken either way, to be looked at).
        try {
          await expect.poll(() => missingFromView(page, KEY_ELEMENTS[screen])).toEqual([]);
        } finally {
          await page.screenshot({ path: artifact(`layout-${screen}-${size}.png`) });
        }
        // The window itself never scrolls (a focus or a find would carry the frame out of view):
        // only the screen inside the frame does.
        expect(await page.evaluate<number>('document.scrollingElement.scrollHeight')).toBe(viewport.height);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }
});

describe('the first run', () => {
  it('the Board says what the sandbox is, names its demo accounts and three first steps, and is dismissed for good', async () => {
    const { page, problems } = await app.openPage('#/board', { clearStorage: true });
    const panel = page.getByTestId('first-run');
    await expect.poll(async () => (await panel.textContent()) ?? '').toContain('Sandbox sub-alpha');
    const words = ((await panel.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(words).toContain('embedded sandbox');
    expect(words).toContain('Place an order');
    expect(words).toContain('1,000 funded sub-accounts');
    expect(words).toContain('Add a live account');
    expect(await panel.locator('li').count()).toBe(3);
    await page.getByTestId('first-run-dismiss').click();
    expect(await panel.count()).toBe(0);
    await page.reload();
    await page.getByTestId('grid-board').waitFor();
    expect(await panel.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
