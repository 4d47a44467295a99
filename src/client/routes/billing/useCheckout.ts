import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutFlow } from '../../../shared/schemas/billing';
import { toast } from '../../components/ui/toast';
import { checkoutErrorToast, createCheckout, goToCheckout } from './api';

/**
 * Starting a checkout from a list of packages: which one is busy, and the German error toast with
 * the buttons enabled again when it fails.
 */
export function useCheckout(flow: CheckoutFlow) {
  const navigate = useNavigate();
  const [pendingPriceId, setPendingPriceId] = useState<string | null>(null);

  // Coming back from Stripe with the browser's back button restores this page from the
  // back-forward cache with its buttons still busy.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPriceId(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** Resolves true once the browser is on its way to the checkout page. */
  async function start(priceId: string): Promise<boolean> {
    setPendingPriceId(priceId);
    try {
      goToCheckout(await createCheckout({ priceId, flow }), navigate);
      return true;
    } catch (error) {
      setPendingPriceId(null);
      toast({ ...checkoutErrorToast(error), variant: 'destructive' });
      return false;
    }
  }

  return { start, pendingPriceId };
}
