-- A bank file that could not be read is kept with its reason (ADR 0024): the landlord sees what was
-- refused and why, and can download it again. The five newest per account are kept.

create table bank_refused_files (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  name text not null,
  size integer not null,
  reason text not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index bank_refused_files_user on bank_refused_files (user_id, created_at);
