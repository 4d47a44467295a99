import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import type { Api } from '../builders/building';

/** The builders' API adapter over the page's request context, which shares the browser's session. */
export function pageApi(page: Page): Api {
  return async (method, url, payload) => {
    const res = await page.request.fetch(url, { method, headers: { origin: baseURL }, data: payload });
    const text = await res.text();
    return { status: res.status(), body: text ? JSON.parse(text) : { id: '' } };
  };
}
