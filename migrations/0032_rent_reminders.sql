-- Reminders of late rent (docs/domain/late-rent.md): what a letter asked of a tenant, kept as it said
-- it — later bank files may change what is open, the letter sent does not change.
create table rent_reminders (
  id uuid primary key default gen_random_uuid(),
  workspace_id text not null references workspaces(id) on delete cascade,
  tenancy_id uuid not null references tenancies(id) on delete cascade,
  level integer not null check (level between 1 and 3),
  as_of date not null,
  months jsonb not null,
  open_cents integer not null check (open_cents > 0),
  interest_cents integer not null check (interest_cents >= 0),
  interest_until date not null,
  fee_cents integer not null default 0 check (fee_cents >= 0),
  pay_by date not null,
  created_by text references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index rent_reminders_tenancy on rent_reminders (workspace_id, tenancy_id, created_at);
