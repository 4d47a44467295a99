-- Users double as the profile of spec §3 (full_name, credits): one row, created atomically.
-- The auth library's own tables (sessions, accounts, verifications) come in 0002.
create table users (
  id text primary key,
  full_name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  credits integer not null default 0 check (credits >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table properties (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  name text not null,
  type text not null check (type in ('einfamilienhaus', 'mehrfamilienhaus', 'eigentumswohnung', 'mietwohnung',
    'buero', 'einzelhandel', 'lager', 'gastronomie')),
  street text not null,
  postal_code text not null,
  city text not null,
  year_built integer not null,
  total_area numeric(12, 2) not null check (total_area > 0),
  unit_count integer not null check (unit_count >= 1),
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- lets child rows reference (id, user_id), so a row can never point at another user's property
  unique (id, user_id)
);
create index properties_user_created on properties (user_id, created_at desc);

create table statements (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid,
  title text not null,
  period_start date,
  period_end date,
  status text not null default 'Entwurf' check (status in ('Entwurf', 'Erstellt', 'Versendet', 'Beglichen')),
  total_cents bigint not null default 0,
  form_data jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (property_id, user_id) references properties (id, user_id) on delete set null (property_id)
);
create index statements_user_created on statements (user_id, created_at desc);

create table documents (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid,
  name text not null,
  type text not null default 'Sonstiges' check (type in ('Rechnung', 'Vertrag', 'Protokoll', 'Reparatur', 'Sonstiges')),
  description text not null default '',
  doc_date date,
  storage_key text not null unique,
  file_type text not null,
  size integer not null check (size >= 0),
  tags text[] not null default '{}',
  upload_date timestamptz not null default now(),
  foreign key (property_id, user_id) references properties (id, user_id) on delete set null (property_id)
);
create index documents_user_uploaded on documents (user_id, upload_date desc);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null,
  created_at timestamptz not null default now()
);

-- Every grant and use of credits; users.credits always equals the sum of a user's rows here.
-- user_id survives account deletion as null: purchases are kept as the law requires.
create table credit_ledger (
  id uuid primary key default gen_random_uuid(),
  user_id text references users (id) on delete set null,
  delta integer not null check (delta <> 0),
  reason text not null check (reason in ('purchase', 'pdf', 'adjustment')),
  reference text,
  created_at timestamptz not null default now()
);
create index credit_ledger_user_created on credit_ledger (user_id, created_at desc);
