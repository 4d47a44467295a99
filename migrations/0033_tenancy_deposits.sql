-- A tenancy's deposit (docs/domain/deposits.md): what was agreed, in which form, at which rate, what was
-- paid in; and, after the move-out, its settlement as it was made.
create table tenancy_deposits (
  tenancy_id uuid primary key references tenancies(id) on delete cascade,
  workspace_id text not null references workspaces(id) on delete cascade,
  agreed_cents integer not null check (agreed_cents >= 0),
  form text not null check (form in ('cash', 'savings-book', 'guarantee')),
  interest_rate_bp integer not null default 0 check (interest_rate_bp between 0 and 1000),
  payments jsonb not null default '[]',
  settlement jsonb,
  updated_at timestamptz not null default now()
);
create index tenancy_deposits_workspace on tenancy_deposits (workspace_id);
