import type { ReactNode } from 'react';
import { useCanEdit } from '../lib/session';

/** What only changes the data: not shown to a read-only member (the server refuses it anyway). */
export function ForEditors({ children }: { children: ReactNode }) {
  return useCanEdit() ? children : null;
}
