-- How a reminder of late rent went to the tenant (docs/domain/late-rent.md): by post, registered mail,
-- messenger, or by e-mail with a private link to its page whose first opening is the proof.
alter table rent_reminders
  add column channel text check (channel in ('email', 'post', 'registered', 'messenger')),
  add column sent_on date;

create table reminder_links (
  id uuid primary key default gen_random_uuid(),
  workspace_id text not null references workspaces(id) on delete cascade,
  reminder_id uuid not null references rent_reminders(id) on delete cascade,
  token_hash text not null unique,
  email text not null,
  expires_at timestamptz not null,
  first_opened_at timestamptz,
  downloaded_at timestamptz,
  created_at timestamptz not null default now()
);
create index reminder_links_reminder on reminder_links (workspace_id, reminder_id);

alter table mail_outbox
  add column reminder_link_id uuid references reminder_links(id) on delete set null;
