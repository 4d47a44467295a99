-- A workspace owns the data; people belong to workspaces with a role (ADR 0028). Every account becomes
-- the owner of its own workspace, whose id is the account's id, so the rows it owns keep their value
-- and only the column's name and its reference change. Workspaces made later get their own ids.

create table workspaces (
  id text primary key,
  name text not null,
  credits integer not null default 0 check (credits >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
insert into workspaces (id, name, credits, created_at)
  select id, full_name, credits, created_at from users;

create table workspace_members (
  workspace_id text not null references workspaces (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'editor', 'reader')),
  created_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);
create index workspace_members_user on workspace_members (user_id);
insert into workspace_members (workspace_id, user_id, role, created_at)
  select id, id, 'owner', created_at from users;

-- An invitation by e-mail: its token is kept as a SHA-256 hash, valid 7 days, used once.
create table workspace_invitations (
  id uuid primary key default gen_random_uuid(),
  workspace_id text not null references workspaces (id) on delete cascade,
  email text not null,
  role text not null check (role in ('owner', 'editor', 'reader')),
  token_hash text not null unique,
  invited_by text references users (id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
create index workspace_invitations_workspace on workspace_invitations (workspace_id, created_at);

-- The workspace a person works in (null: the first one they own, else the first they belong to).
alter table users add column current_workspace_id text references workspaces (id) on delete set null;
alter table users drop column credits;

-- Who bought and who spent stays the person; the balance is the workspace's.
alter table credit_ledger add column workspace_id text references workspaces (id) on delete set null;
update credit_ledger set workspace_id = user_id where user_id in (select id from workspaces);
create index credit_ledger_workspace_created on credit_ledger (workspace_id, created_at desc);
alter table payments add column workspace_id text references workspaces (id) on delete set null;
update payments set workspace_id = user_id where user_id in (select id from workspaces);

-- A letter's or an invitation's mail belongs to the workspace; mails about the person stay the person's.
alter table mail_outbox add column workspace_id text references workspaces (id) on delete cascade;
update mail_outbox set workspace_id = user_id, user_id = null where kind = 'tenant-statement';
create index mail_outbox_workspace on mail_outbox (workspace_id);

do $$
declare t text;
begin
  foreach t in array array[
    'properties', 'statements', 'documents', 'statement_pdfs', 'units', 'tenancies', 'settlements',
    'settlement_statements', 'settlement_deliveries', 'tenant_links', 'settlement_cost_documents',
    'settlement_overviews', 'cost_groups', 'cost_group_units', 'meters', 'meter_readings',
    'sender_profiles', 'bank_imports', 'bank_transactions', 'bank_rules', 'document_recognitions',
    'bank_csv_mappings', 'bank_staged_bookings', 'bank_refused_files'
  ] loop
    execute format('alter table %I rename column user_id to workspace_id', t);
    execute format('alter table %I drop constraint if exists %I', t, t || '_user_id_fkey');
    execute format(
      'alter table %I add constraint %I foreign key (workspace_id) references workspaces (id) on delete cascade',
      t, t || '_workspace_id_fkey');
  end loop;
end $$;

-- Final data is kept while its workspace exists; deleting the workspace takes it (the workspace row is
-- gone by the time its cascade reaches these rows).
create or replace function refuse_final_delete() returns trigger language plpgsql as $$
begin
  if exists (select 1 from workspaces where id = old.workspace_id) then
    raise exception 'final settlement data cannot be deleted' using errcode = 'check_violation';
  end if;
  return old;
end;
$$;

-- Everyone starts with a workspace of their own, made with the account in the same transaction
-- (whichever way the account is made), under the account's id.
create function make_own_workspace() returns trigger language plpgsql as $$
begin
  insert into workspaces (id, name) values (new.id, new.full_name);
  insert into workspace_members (workspace_id, user_id, role) values (new.id, new.id, 'owner');
  return new;
end;
$$;
create trigger users_own_workspace after insert on users
  for each row execute function make_own_workspace();
