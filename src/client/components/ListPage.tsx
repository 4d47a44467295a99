import { Search } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { useCanEdit } from '../lib/session';
import { Input } from './ui/Field';
import { PageSpinner } from './ui/Spinner';

/** The page heading of a list with its main action (e.g. "Neue Immobilie"; not for a read-only member). */
export function ListHeader({ title, action }: { title: string; action: ReactNode }) {
  const canEdit = useCanEdit();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {canEdit && action}
    </div>
  );
}

const GRID = ['sm:grid-cols-1', 'sm:grid-cols-2', 'sm:grid-cols-3', 'sm:grid-cols-4'];

/** The search box of a list, followed by its filter selects (children). */
export function ListFilters(props: {
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  children?: ReactNode;
}) {
  const columns = 1 + Children.count(props.children);
  return (
    <search
      className={`grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${GRID[columns - 1] ?? GRID[3]}`}
    >
      <div className="relative">
        <Input
          label="Suche"
          type="search"
          placeholder={props.placeholder}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute right-3 bottom-3 size-4 text-slate-500"
        />
      </div>
      {props.children}
    </search>
  );
}

/** Loading, error and empty states of a list; the table (children) shows only when there are rows. */
export function ListBody(props: {
  status: 'pending' | 'error' | 'success';
  loadingLabel: string;
  error: ReactNode;
  empty: boolean;
  emptyText: string;
  emptyAction: ReactNode;
  children: ReactNode;
}) {
  if (props.status === 'pending') return <PageSpinner label={props.loadingLabel} />;
  if (props.status === 'error') {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        {props.error}
      </p>
    );
  }
  if (props.empty) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
        <p className="text-slate-700">{props.emptyText}</p>
        {props.emptyAction}
      </div>
    );
  }
  return props.children;
}
