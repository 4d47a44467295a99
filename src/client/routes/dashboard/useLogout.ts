import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { meQueryKey, startSigningOut } from '../../lib/session';

/** Signs out, forgets every cached answer and goes to the login page. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: async () => {
      startSigningOut();
      await client.cancelQueries();
      client.clear();
      client.setQueryData(meQueryKey, null);
      toast({ title: 'Abmeldung erfolgreich!', description: 'Sie wurden erfolgreich abgemeldet.' });
      await navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast({
        title: 'Abmeldung fehlgeschlagen',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    },
  });
}
