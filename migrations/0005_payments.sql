-- One row per checkout session (Stripe's or the built-in test checkout's), created when the
-- checkout starts and marked paid exactly once: the primary key on the session id plus the
-- 'open' → 'paid' transition is what makes a replayed webhook credit nothing more.
-- The package, price and credits are copied at creation, so a later price change never alters
-- what the customer was shown. user_id survives account deletion as null (bookkeeping).
create table payments (
  session_id text primary key,
  provider text not null check (provider in ('stripe', 'test')),
  user_id text references users (id) on delete set null,
  package_id text not null check (package_id in ('starter', 'standard', 'professional')),
  price_id text not null,
  amount_cents integer not null check (amount_cents >= 0),
  credits integer not null check (credits > 0),
  status text not null default 'open' check (status in ('open', 'paid', 'canceled')),
  -- where the test checkout's "Abbrechen" leads: '/paywall', or '/' from the landing flow
  cancel_path text not null default '/paywall' check (cancel_path in ('/paywall', '/')),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  check ((status = 'paid') = (paid_at is not null))
);
create index payments_user_created on payments (user_id, created_at desc);
