import { queryOptions } from '@tanstack/react-query';
import type { LetterBody } from '../../shared/schemas/settlement';
import { api } from './api';

/** GET /api/me/sender: the sender and bank account new letters start with. */
export type SenderAnswer = { letter: LetterBody | null };

export const senderQuery = queryOptions({
  queryKey: ['me', 'sender'] as const,
  queryFn: ({ signal }) => api<SenderAnswer>('/api/me/sender', { signal }),
});
