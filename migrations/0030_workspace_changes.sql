-- Who did what in a workspace (ADR 0028): one row per successful change, written when its answer
-- goes out. The name is kept as it was, so the log still reads after the person left.

create table workspace_changes (
  id bigint generated always as identity primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  user_id text references users (id) on delete set null,
  user_name text not null,
  action text not null,
  subject_id text,
  at timestamptz not null default now()
);
create index workspace_changes_workspace_at on workspace_changes (workspace_id, at desc, id desc);
create index workspace_changes_subject on workspace_changes (workspace_id, subject_id);

-- A final settlement names who finalized it, as they were named then.
alter table settlements add column finalized_by text;
