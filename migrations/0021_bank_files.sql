-- Bank statement files (issue 30): the landlord's imports, their bookings (each once per account),
-- what each booking was matched to, and the rules "immer so" remembered per payer.
-- Tenancies carry the Kaltmiete beside the prepayment, so each month's Warmmiete is known.

alter table tenancies add column monthly_rent_cents bigint check (monthly_rent_cents >= 0);

create table bank_imports (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid,
  format text not null check (format in ('camt053', 'mt940', 'csv-camt')),
  iban text not null,
  from_date date,
  to_date date,
  transactions integer not null,
  new_count integer not null,
  duplicates integer not null,
  matched integer not null,
  created_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (property_id, user_id) references properties (id, user_id) on delete cascade
);

create table bank_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  import_id uuid not null,
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
  created_at timestamptz not null default now(),
  unique (user_id, account_iban, identity),
  foreign key (import_id, user_id) references bank_imports (id, user_id) on delete cascade
);
create index bank_transactions_user_date on bank_transactions (user_id, booking_date);

create table bank_rules (
  user_id text not null references users (id) on delete cascade,
  -- 'iban:DE…' or 'name:…' of the other party
  payer text not null,
  match jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, payer)
);
