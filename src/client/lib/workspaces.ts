import { queryOptions } from '@tanstack/react-query';
import type { membersJson, workspaceJson } from '../../shared/schemas/workspace';
import type { z } from '../../shared/schemas/zod';
import { api } from './api';
import { queryClient } from './queryClient';

export type Workspace = z.infer<typeof workspaceJson>;
export type Members = z.infer<typeof membersJson>;

export const workspacesQuery = queryOptions({
  queryKey: ['workspaces'] as const,
  queryFn: ({ signal }) => api<Workspace[]>('/api/workspaces', { signal }),
});

export const membersQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: ['workspaces', workspaceId, 'members'] as const,
    queryFn: ({ signal }) => api<Members>(`/api/workspaces/${workspaceId}/members`, { signal }),
  });

/** Works in another workspace from now on: everything cached belonged to the one before. */
export async function switchWorkspace(workspaceId: string): Promise<void> {
  await api('/api/workspaces/current', { method: 'PUT', body: { workspaceId } });
  queryClient.clear();
}
