-- A Mahnsperre: no reminder for a tenancy until a day, with the landlord's reason (e.g. agreed
-- instalments). One per tenancy; lifting it deletes the row.
create table reminder_pauses (
  tenancy_id uuid primary key references tenancies(id) on delete cascade,
  workspace_id text not null references workspaces(id) on delete cascade,
  until date not null,
  reason text not null,
  created_by text references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index reminder_pauses_workspace on reminder_pauses (workspace_id);
