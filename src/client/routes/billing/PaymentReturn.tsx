import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { counted } from '../../lib/counted';
import { meQueryKey } from '../../lib/session';
import { checkoutSessionQueryKey, fetchCheckoutSession, ledgerQuery } from './api';
import { statementsLabel } from './packages';

const POLL_MS = 1500;
/** After this long the dashboard stops waiting and says the payment is still being processed. */
const PATIENCE_MS = 60_000;

/**
 * On any dashboard page with ?payment=success&session_id=… (where the checkout was started): waits
 * until the server has granted the session's credits (the URL itself grants nothing), says so, and
 * leaves the plain URL of the page.
 */
export function PaymentReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [stillProcessing, setStillProcessing] = useState(false);
  const returned = params.get('payment') === 'success';
  const sessionId = returned ? params.get('session_id') : null;

  // A return URL without a session (e.g. an old ?priceId= link) has nothing to wait for.
  useEffect(() => {
    if (returned && !sessionId) void navigate(pathname, { replace: true });
  }, [returned, sessionId, navigate, pathname]);

  return (
    <>
      {stillProcessing && (
        <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Ihre Zahlung wird noch verarbeitet. Die Credits werden Ihrem Konto automatisch gutgeschrieben,
          sobald die Zahlung bestätigt ist. Bitte laden Sie die Seite in einigen Minuten neu.
        </p>
      )}
      {sessionId && (
        <AwaitPayment
          key={sessionId}
          sessionId={sessionId}
          onStillProcessing={() => setStillProcessing(true)}
        />
      )}
    </>
  );
}

function AwaitPayment({
  sessionId,
  onStillProcessing,
}: {
  sessionId: string;
  onStillProcessing: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);

  const session = useQuery({
    queryKey: checkoutSessionQueryKey(sessionId),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId, signal),
    retry: (count, error) =>
      count < 2 && !(error instanceof ApiError && error.status > 0 && error.status < 500),
    refetchInterval: (query) => (!timedOut && query.state.data?.status === 'open' ? POLL_MS : false),
    refetchOnMount: 'always',
  });
  // The test checkout page cached this session as still open, before it was paid: only an answer
  // asked for on this page counts.
  const { data, error } = session.isFetchedAfterMount ? session : { data: undefined, error: null };

  useEffect(() => {
    if (handled.current) return;
    if (data?.status === 'paid') {
      // the balance is counted in Credits; the spec's "number of statements" follows
      const verb = data.credits === 1 ? 'wurde' : 'wurden';
      toast({
        title: 'Zahlung erfolgreich!',
        description: `${counted(data.credits, 'Credit', 'Credits')} für ${statementsLabel(data.credits)} ${verb} Ihrem Konto gutgeschrieben.`,
      });
    } else if (error) {
      toast({
        title: 'Fehler beim Abrufen der Credits',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } else if (timedOut) {
      onStillProcessing();
    } else if (data?.status !== 'canceled') {
      return;
    }
    handled.current = true;
    void client.invalidateQueries({ queryKey: meQueryKey });
    void client.invalidateQueries({ queryKey: ledgerQuery.queryKey });
    void navigate(pathname, { replace: true });
  }, [data, error, timedOut, client, navigate, onStillProcessing, pathname]);

  // Only a session the server still sees open is "being processed": one already paid (the usual case,
  // its credits already in the balance beside this) goes straight to the toast.
  if (data?.status !== 'open') return null;
  return (
    <p
      role="status"
      className="mb-6 flex items-center gap-3 rounded-md border border-teal-200 bg-teal-50 p-4 text-teal-900"
    >
      <Spinner size="sm" label={null} />
      Ihre Zahlung wird verarbeitet …
    </p>
  );
}
