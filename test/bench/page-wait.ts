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

/** A watch on a page's document (`whenOnPage`). */
export interface PageWatch {
  /** The wall-clock time (ms) the condition first held; rejects when it did not within the timeout. */
  readonly at: Promise<number>;
}

/**
 * Watches for `condition` (page code, as text) to hold in the page's document. Resolves once the
 * observer is in place (the page runs evaluations in order), so whatever the caller does next is seen;
 * the time it first holds is the watch's `at`, which rejects, naming the condition, when it does not
 * hold within `timeoutMs`: a bench ends by itself. (The time is wrapped: an async function returning
 * the page's promise itself would wait for the condition before the caller could cause it.)
 */
export async function whenOnPage(page: Page, condition: string, timeoutMs = 30_000): Promise<PageWatch> {
  const at = page.evaluate<number>(`new Promise((resolve, reject) => {
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
  // Handled by the caller when it awaits `at`; a rejection before then is not an unhandled one.
  at.catch(() => undefined);
  await page.evaluate('0');
  return { at };
}
