import { queryOptions } from '@tanstack/react-query';
import type { CheckoutRequest, CheckoutSessionInfo, CreditLedger } from '../../../shared/schemas/billing';
import { ApiError, api, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { fetchPackages } from './packages';

export const packagesQuery = queryOptions({
  queryKey: ['billing', 'packages'],
  queryFn: ({ signal }) => fetchPackages(signal),
  staleTime: 5 * 60_000,
});

export const ledgerQuery = queryOptions({
  queryKey: ['billing', 'ledger'],
  queryFn: ({ signal }) => api<CreditLedger>('/api/billing/ledger', { signal }),
});

export const checkoutSessionQueryKey = (sessionId: string) => ['billing', 'session', sessionId] as const;

export function fetchCheckoutSession(sessionId: string, signal?: AbortSignal) {
  return api<CheckoutSessionInfo>(`/api/billing/sessions/${encodeURIComponent(sessionId)}`, { signal });
}

/**
 * Creates the checkout on the server (one package, or the cheapest packages for a number of
 * credits); answers the page to go to (Stripe's, or our test checkout).
 */
export async function createCheckout(body: CheckoutRequest): Promise<string> {
  const { url } = await api<{ url: string }>('/api/billing/checkout', { method: 'POST', body });
  return url;
}

/** Leaves for the checkout page: our own paths stay in the SPA, Stripe's page is a full load. */
export function goToCheckout(url: string, navigate: (path: string) => unknown) {
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else window.location.assign(url);
}

/** Title and text of a toast for a failed checkout start (spec §8 "Payment"). */
export function checkoutErrorToast(error: unknown): { title: string; description: string } {
  const later = 'Bitte versuchen Sie es später erneut.';
  if (error instanceof ApiError && error.code === 'payments_unavailable')
    return { title: 'Zahlungen nicht eingerichtet', description: error.message };
  if (!(error instanceof ApiError) || (error.status >= 500 && error.code !== 'checkout_failed')) {
    return { title: 'Ein unerwarteter Fehler ist aufgetreten.', description: later };
  }
  if (error.code === 'checkout_failed')
    return { title: 'Fehler bei der Weiterleitung zur Kasse', description: later };
  if (error.code === 'network') return { title: 'Checkout-Fehler', description: NETWORK_ERROR_MESSAGE };
  return { title: 'Checkout-Fehler', description: error.fields?.priceId ?? error.message };
}
