import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../../shared/schemas/workspace';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import type { Me } from '../../lib/session';
import { switchWorkspace, workspacesQuery } from '../../lib/workspaces';

/**
 * Which workspace the dashboard shows, in the header: a choice when the person belongs to several,
 * else its name and the role for a member who is not its owner (nothing for a landlord alone).
 */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  const navigate = useNavigate();
  const { data: workspaces } = useQuery(workspacesQuery);
  const current = me.workspace;
  if (!current) return null;
  const role = current.role === 'owner' ? '' : ` · ${ROLE_LABELS[current.role]}`;
  if (!workspaces || workspaces.length < 2) {
    // a landlord alone in his own workspace needs no word about workspaces
    if (current.role === 'owner') return null;
    return (
      <span className="hidden max-w-64 truncate text-sm text-slate-600 md:inline" title="Arbeitsbereich">
        {current.name}
        {role}
      </span>
    );
  }
  return (
    <select
      aria-label="Arbeitsbereich"
      className="h-9 max-w-40 truncate rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 sm:max-w-64"
      value={current.id}
      onChange={async (event) => {
        try {
          await switchWorkspace(event.target.value);
          await navigate('/dashboard');
        } catch (error) {
          toast({
            title: 'Wechsel fehlgeschlagen',
            description: errorMessage(error),
            variant: 'destructive',
          });
        }
      }}
    >
      {workspaces.map((w) => (
        <option key={w.id} value={w.id}>
          {w.name}
          {w.role === 'owner' ? '' : ` (${ROLE_LABELS[w.role]})`}
        </option>
      ))}
    </select>
  );
}
