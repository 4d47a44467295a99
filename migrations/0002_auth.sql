-- The auth library's own tables (better-auth: session, account, verification), in our naming.
-- users (0001) is its user table. Ids are the library's random strings.

create table sessions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  token text not null unique,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

-- One row per way of signing in; ours is provider 'credential' with the scrypt hash in password.
create table accounts (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  account_id text not null,
  provider_id text not null,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, account_id)
);
create index accounts_user on accounts (user_id);

-- One-time tokens (password reset); identifiers are stored hashed.
create table verifications (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier on verifications (identifier);

-- Fixed-window request counters (login per address and per IP, mail-sending endpoints). In the
-- database rather than process memory so that several instances share one limit.
create table rate_limits (
  key text primary key,
  count integer not null,
  reset_at timestamptz not null
);
create index rate_limits_reset on rate_limits (reset_at);
