import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ROLE_LABELS, type Role } from '../../../shared/schemas/workspace';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageSpinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { api, errorMessage } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { refreshMe, useMe } from '../../lib/session';

interface Offer {
  workspaceName: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: string;
}

/**
 * /einladung/:token: what an invitation offers, and accepting it as the signed-in person (whoever
 * is not signed in is sent to sign in or register, and comes back here).
 */
export function InvitationPage() {
  useDocumentTitle('Einladung');
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { data: me } = useMe();
  const offer = useQuery({
    queryKey: ['invitation', token],
    queryFn: async ({ signal }) =>
      (await api<{ invitation: Offer | null }>(`/api/invitations/${encodeURIComponent(token)}`, { signal }))
        .invitation,
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => api(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: async () => {
      queryClient.clear();
      await refreshMe();
      await navigate('/dashboard', { replace: true });
    },
  });
  const here = `/einladung/${token}`;

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Einladung in einen Arbeitsbereich</h1>
      {offer.isPending ? (
        <PageSpinner />
      ) : offer.isError || !offer.data ? (
        <p role="alert" className="text-slate-700">
          {offer.isError
            ? errorMessage(offer.error)
            : 'Diese Einladung gibt es nicht, sie wurde schon angenommen oder ist abgelaufen. Bitte lassen Sie sich neu einladen.'}
        </p>
      ) : (
        <Card title={`„${offer.data.workspaceName}“`}>
          <div className="flex flex-col gap-4 text-slate-700">
            <p>
              {offer.data.invitedBy ?? 'Jemand'} lädt {offer.data.email} ein, mit der Rolle „
              {ROLE_LABELS[offer.data.role]}“ mitzuarbeiten.
            </p>
            {me ? (
              <>
                {accept.isError && (
                  <p role="alert" className="text-red-700">
                    {errorMessage(accept.error)}
                  </p>
                )}
                <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                  Einladung annehmen
                </Button>
              </>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => navigate(`/login?redirect=${encodeURIComponent(here)}`)}>
                  Anmelden
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => navigate(`/register?redirect=${encodeURIComponent(here)}`)}
                >
                  Konto anlegen
                </Button>
              </div>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
