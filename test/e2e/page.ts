import type { Page } from 'playwright-core';
import type { Chromium } from './chromium.ts';

/** A page and what went wrong in it so far: console errors and warnings, and uncaught page errors. */
export interface OpenedPage {
  readonly page: Page;
  readonly problems: string[];
}

/**
 * Collects the page's console errors and warnings (CSP violations among them) and its uncaught
 * errors, from now on, into the returned list (a test ends with `expect(problems).toEqual([])`).
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** Evaluates an expression in the page (written as text: these tests are type-checked without DOM types). */
export function js<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/** A fresh page of the browser, watched for problems from the start (not yet navigated). */
export async function newWatchedPage(browser: Chromium): Promise<OpenedPage> {
  const page = await browser.context.newPage();
  return { page, problems: watchProblems(page) };
}

/** What a session's beforeAll starts: throws when a test file asks for it before that ran. */
export function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the e2e session has no ${what} before its beforeAll`);
  return value;
}

/**
 * Works on `account` through the top bar's account picker, as a person does: opens it, types the
 * account's id, takes the first match with Enter, and waits until the bar names the account.
 */
export async function pickAccount(page: Page, account: { id: string; label: string }): Promise<void> {
  await page.getByTestId('account-switcher').click();
  await page.getByTestId('account-picker-input').fill(account.id);
  await page.getByTestId('account-option').first().waitFor();
  await page.keyboard.press('Enter');
  const current = page.getByTestId('account-switcher-current').filter({ hasText: account.label });
  await current.waitFor();
}
