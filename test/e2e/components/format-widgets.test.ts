import { describe, expect, it } from 'vitest';
import { useHarness } from './session.ts';

const app = useHarness();

/** Selects an element's text, runs the browser's Copy, and returns what went to the clipboard. */
const COPY = `(id) => {
  const el = document.querySelector('[data-testid="' + id + '"]');
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  let copied = '';
  const read = (e) => { copied = e.clipboardData.getData('text/plain') || String(getSelection()); };
  document.addEventListener('copy', read);
  document.execCommand('copy');
  document.removeEventListener('copy', read);
  return copied;
}`;

describe('Decimal in Chromium', () => {
  it('shortens large amounts with the exact value in the tooltip and on the clipboard', async () => {
    const values = ['1234567.891', '64250.50', '999.5', '-25000'];
    const { page } = await app.openPage(`component=decimal&short&${values.map((v) => `v=${v}`).join('&')}`);
    const texts = await Promise.all(values.map((_, i) => page.getByTestId(`decimal-${i}`).textContent()));
    expect(texts).toEqual(['1.23M', '64.2K', '999.5', '-25K']);
    expect(await page.getByTestId('decimal-0').getAttribute('title')).toBe('1,234,567.891');
    expect(await page.getByTestId('decimal-2').getAttribute('title')).toBeNull();
    expect(await page.evaluate(`(${COPY})('decimal-0')`)).toBe('1234567.891');
    expect(await page.evaluate(`(${COPY})('decimal-1')`)).toBe('64250.50');
    await page.close();
  });

  it('shows full values grouped, digits untouched', async () => {
    const { page } = await app.openPage(
      'component=decimal&v=64250.50&v=0.00000001&v=123456789012345678901.5',
    );
    expect(await page.getByTestId('decimal-0').textContent()).toBe('64,250.50');
    expect(await page.getByTestId('decimal-1').textContent()).toBe('0.00000001');
    expect(await page.getByTestId('decimal-2').textContent()).toBe('123,456,789,012,345,678,901.5');
    await page.close();
  });
});

describe('Timestamp in Chromium', () => {
  it("shows the user's zone with seconds and the exchange's UTC on hover", async () => {
    const ms = Date.UTC(2026, 10, 22, 11, 10, 29, 123);
    const { page } = await app.openPage(`component=timestamp&ms=${ms}&tz=Europe/Berlin`);
    const time = page.getByTestId('timestamp');
    expect(await time.textContent()).toBe('2026-11-22 12:10:29');
    expect(await time.getAttribute('title')).toBe('2026-11-22 11:10:29.123 UTC (local GMT+1)');
    expect(await time.getAttribute('datetime')).toBe('2026-11-22T11:10:29.123Z');
    await page.close();
  });
});
