import type { Locator } from '@playwright/test';

/** Pastes text into a field as a spreadsheet's copy would (a paste event with the text). */
export async function pasteInto(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((input, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}
