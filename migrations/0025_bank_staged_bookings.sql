-- The savings banks' CSV-MT940 export is a format of its own. A file's new bookings are staged here in
-- short committed steps and moved into bank_transactions in one transaction at the end, so the one
-- connection of embedded PGlite is never held for a whole import (ADR 0024); what a broken import
-- left behind is removed after an hour.

alter table bank_imports drop constraint bank_imports_format_check;
alter table bank_imports add constraint bank_imports_format_check
  check (format in ('camt053', 'mt940', 'csv-camt', 'csv-mt940', 'csv'));

create table bank_staged_bookings (
  stage_id uuid not null,
  seq integer not null,
  user_id text not null references users (id) on delete cascade,
  account_iban text not null,
  identity text not null,
  booking_date date not null,
  value_date date not null,
  amount_cents bigint not null,
  counterparty_name text not null default '',
  counterparty_iban text not null default '',
  reference text not null default '',
  match jsonb,
  matched_by text check (matched_by in ('auto', 'rule', 'user')),
  reversal boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (stage_id, seq)
);
create index bank_staged_bookings_created on bank_staged_bookings (created_at);
