-- Every mail is written here in the transaction that causes it and sent from here (ADR 0027): retried
-- with growing pauses when the mail server refuses it, never lost on a restart, and sent once when
-- several instances share the database (a sender takes a row with FOR UPDATE SKIP LOCKED and holds it
-- under a lease). Once sent, the text is removed (it may hold a one-time link); what was sent to whom
-- and when stays.

create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id text references users (id) on delete cascade,
  kind text not null,
  recipient text not null,
  reply_to text,
  subject text not null,
  text text not null,
  html text not null,
  -- a tenant statement's mail: the link it carries, removed when the mail finally fails
  tenant_link_id uuid references tenant_links (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'running', 'sent', 'failed')),
  attempts integer not null default 0,
  not_before timestamptz not null default now(),
  locked_until timestamptz,
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_waiting on mail_outbox (not_before) where status in ('pending', 'running');
create index mail_outbox_user on mail_outbox (user_id);
