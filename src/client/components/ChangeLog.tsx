import { useQuery } from '@tanstack/react-query';
import type { changeJson } from '../../shared/schemas/workspace';
import type { z } from '../../shared/schemas/zod';
import { api } from '../lib/api';
import { useMe } from '../lib/session';

type Change = z.infer<typeof changeJson>;

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

/**
 * "Wer hat was geändert": the workspace's log of a property (with what belongs to it) or of one
 * subject, folded away until asked for; the whole log downloads as CSV.
 */
export function ChangeLog({ propertyId, subjectId }: { propertyId?: string; subjectId?: string }) {
  const { data: me } = useMe();
  const workspaceId = me?.workspace?.id;
  const query = new URLSearchParams(propertyId ? { propertyId } : subjectId ? { subjectId } : {});
  const changes = useQuery({
    queryKey: ['workspaces', workspaceId, 'changes', query.toString()],
    queryFn: ({ signal }) =>
      api<{ changes: Change[] }>(`/api/workspaces/${workspaceId}/changes?${query}`, { signal }),
    enabled: workspaceId !== undefined,
  });
  if (!workspaceId) return null;
  const lines = changes.data?.changes ?? [];
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        Änderungen {changes.data ? `(${lines.length}${lines.length === 100 ? '+' : ''})` : ''}
      </summary>
      <ol className="mt-4 flex flex-col gap-2 text-sm text-slate-700">
        {lines.map((c) => (
          <li key={c.id}>
            <time dateTime={c.at} className="text-slate-600">
              {when.format(new Date(c.at))}
            </time>{' '}
            · <span className="font-medium text-slate-900">{c.userName}</span> {c.label}
          </li>
        ))}
        {changes.data && lines.length === 0 && <li>Noch keine Änderungen erfasst.</li>}
      </ol>
      <a
        className="mt-4 inline-block text-sm font-medium text-teal-800 underline"
        href={`/api/workspaces/${workspaceId}/changes.csv?${query}`}
        download
      >
        Als CSV herunterladen
      </a>
    </details>
  );
}
