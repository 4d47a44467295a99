import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { checkoutErrorToast, createCheckout, goToCheckout } from '../billing/api';

/**
 * /zahlung-fortsetzen?plan&priceId: where register-and-pay continues once the user is signed in (the
 * confirmation link or the login lead here). What the visitor typed into the landing wizard becomes
 * their first draft, then the package's checkout starts; if it cannot, the paywall offers
 * the package again.
 */
export function ContinueCheckoutPage() {
  useDocumentTitle('Weiter zur Zahlung');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const plan = params.get('plan') ?? '';
  const priceId = params.get('priceId') ?? '';

  useEffect(() => {
    // once, though React runs effects twice in development
    if (started.current) return;
    started.current = true;
    void (async () => {
      await (await import('../landing/landingDraft')).adoptLandingDraft();
      try {
        goToCheckout(await createCheckout({ priceId, flow: 'landing' }), navigate);
      } catch (error) {
        toast({ ...checkoutErrorToast(error), variant: 'destructive' });
        await navigate(`/paywall?${new URLSearchParams({ plan, priceId }).toString()}`, { replace: true });
      }
    })();
  }, [navigate, plan, priceId]);

  return <PageSpinner />;
}
