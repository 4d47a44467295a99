import { expect, type Page } from '@playwright/test';
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

/** Credits through the built-in test checkout: the smallest package with at least `atLeast` of them. */
export async function buyCredits(api: Api, atLeast: number) {
  const { packages } = (await api('GET', '/api/billing/packages')).body as unknown as {
    packages: { priceId: string; credits: number }[];
  };
  const checkout = await api('POST', '/api/billing/checkout', {
    priceId: packages.find((p) => p.credits >= atLeast)?.priceId,
  });
  const sessionId = decodeURIComponent(String(checkout.body.url).split('/').pop() ?? '');
  expect((await api('POST', `/api/billing/test-checkout/${encodeURIComponent(sessionId)}/pay`)).status).toBe(
    200,
  );
}
