import type { Page } from 'playwright-core';

/**
 * Resolves in the page (at its next animation frame) once `expression` is true; rejects after 30 s.
 * Checked from the page itself: a Playwright locator would first load its own helper script into each
 * new document (some 200 ms of the page's time on this machine), which is no part of the app. The
 * page's CSP forbids eval of predicates, so the expression is a string run by the debugger protocol.
 */
export function until(page: Page, expression: string, timeoutMs = 30_000): Promise<unknown> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const end = performance.now() + ${String(timeoutMs)};
    const check = () => {
      if (${expression}) resolve(true);
      else if (performance.now() > end) reject(new Error('not there in ${String(timeoutMs / 1000)} s'));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** The text of the first element with `data-testid="<id>"`, whitespace collapsed ('' when none), as an expression. */
export function textOf(id: string): string {
  return `(document.querySelector('[data-testid="${id}"]')?.textContent ?? '').replace(/\\s+/g, ' ')`;
}

/**
 * The wall-clock time `condition` (page code, as text) first holds in the page's document; the
 * observer is in place when this resolves (the page runs evaluations in order), so whatever the
 * caller does next is seen. Rejects, naming the condition, when it does not hold within `timeoutMs`:
 * a bench ends by itself.
 */
export async function whenOnPage(
  page: Page,
  condition: string,
  timeoutMs = 30_000,
): Promise<Promise<number>> {
  const shown = page.evaluate<number>(`new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(${JSON.stringify(`not on the page within ${String(timeoutMs / 1000)} s: ${condition}`)}));
    }, ${String(timeoutMs)});
    const observer = new MutationObserver(() => {
      if (!(${condition})) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(Date.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
  await page.evaluate('0');
  return shown;
}
