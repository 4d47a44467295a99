import { useMutation, useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCents } from '../../../shared/money';
import { LogoMark } from '../../components/Logo';
import { Button, buttonClasses } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { api, errorMessage } from '../../lib/api';
import { checkoutSessionQueryKey, fetchCheckoutSession } from './api';
import { statementsLabel } from './packages';

export const TEST_CHECKOUT_TITLE = 'Testzahlung — es wird kein Geld bewegt';

/**
 * /testzahlung/:sessionId: the built-in stand-in for Stripe's hosted checkout when no Stripe keys
 * are configured. "Bezahlen" lets the server fulfil the session exactly as a paid Stripe webhook.
 */
export function TestCheckoutPage() {
  useDocumentTitle('Testzahlung');
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: checkoutSessionQueryKey(sessionId),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId, signal),
    retry: false,
  });
  const action = useMutation({
    mutationFn: (step: 'pay' | 'cancel') =>
      api<{ url: string }>(`/api/billing/test-checkout/${encodeURIComponent(sessionId)}/${step}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: ({ url }) => navigate(url, { replace: true }),
    onError: (error) => {
      toast({ title: 'Checkout-Fehler', description: errorMessage(error), variant: 'destructive' });
      void session.refetch();
    },
  });
  const info = session.data;

  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-12 sm:py-20">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <LogoMark />
          <p className="flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            <FlaskConical aria-hidden="true" className="size-3.5" />
            Testmodus
          </p>
        </div>
        <h1 className="mt-5 text-xl font-bold text-slate-900">{TEST_CHECKOUT_TITLE}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Diese Seite ersetzt die Kasse des Zahlungsanbieters, solange keiner eingerichtet ist. Mit „Bezahlen“
          werden die Credits gutgeschrieben, ohne dass Geld fließt.
        </p>

        {session.isPending && <PageSpinner label="Zahlung wird geladen …" />}
        {session.isError && (
          <div role="alert" className="mt-6">
            <p className="text-red-800">{errorMessage(session.error)}</p>
            <Link to="/paywall" className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}>
              Zu den Paketen
            </Link>
          </div>
        )}
        {info && (
          <>
            <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">Paket</dt>
                <dd className="font-medium text-slate-900">{info.packageName}</dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">Umfang</dt>
                <dd className="font-medium text-slate-900">{statementsLabel(info.credits)}</dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">Preis (inkl. MwSt.)</dt>
                <dd className="text-lg font-bold text-slate-900">{formatCents(info.price)}</dd>
              </div>
            </dl>
            {info.status === 'open' ? (
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button
                  variant="secondary"
                  disabled={action.isPending}
                  loading={action.isPending && action.variables === 'cancel'}
                  onClick={() => action.mutate('cancel')}
                >
                  Abbrechen
                </Button>
                <Button
                  disabled={action.isPending}
                  loading={action.isPending && action.variables === 'pay'}
                  onClick={() => action.mutate('pay')}
                >
                  Bezahlen
                </Button>
              </div>
            ) : (
              <div role="status" className="mt-6">
                <p className="text-slate-800">
                  {info.status === 'paid'
                    ? 'Diese Testzahlung ist bereits bezahlt.'
                    : 'Diese Testzahlung wurde abgebrochen.'}
                </p>
                <Link
                  to={info.status === 'paid' ? '/dashboard' : info.cancelPath}
                  className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
                >
                  {info.status === 'paid' ? 'Zum Dashboard' : 'Zurück'}
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
