-- The Hausabrechnung (ADR 0014): units of a property, tenancies of a unit, settlements of a
-- property for a period, and the final tenant statements. Every table carries user_id, and every
-- reference includes it, so no row can point at another user's row.

create table units (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid not null,
  label text not null check (label <> ''),
  area numeric(13, 3) not null check (area >= 0),
  mea numeric(13, 3) check (mea > 0),
  floor text not null default '',
  note text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (property_id, user_id) references properties (id, user_id) on delete cascade
);
create index units_property on units (property_id, user_id);

-- A unit-day is covered by at most one tenancy: checked under a lock of the unit row on every write
-- (the same on PGlite and PostgreSQL). Deleting a unit with tenancies is refused (no action).
create table tenancies (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  unit_id uuid not null,
  kind text not null check (kind in ('tenant', 'own-use')),
  tenant_name text not null,
  street text not null default '',
  city text not null default '',
  email text,
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  persons integer not null check (persons >= 0),
  monthly_prepayment_cents bigint not null check (monthly_prepayment_cents >= 0),
  -- [{from, persons?, monthlyPrepaymentCents?}]: values that change from a date on
  changes jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (unit_id, user_id) references units (id, user_id)
);
create index tenancies_unit on tenancies (unit_id, user_id);

create table settlements (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid not null,
  status text not null default 'draft' check (status in ('draft', 'final')),
  version integer not null default 1 check (version >= 1),
  -- the final settlement this one corrects; one correction per final settlement
  corrects_id uuid,
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  -- {v, costs, prepaymentsPaidCents}: what the landlord entered
  input jsonb not null,
  -- set once when final: every input (units and tenancies included), its hash, the engine and its result
  snapshot jsonb,
  snapshot_hash text,
  engine_version integer,
  result jsonb,
  finalized_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (property_id, user_id) references properties (id, user_id),
  foreign key (corrects_id, user_id) references settlements (id, user_id) on delete cascade,
  check (
    (status = 'draft' and snapshot is null and finalized_at is null)
    or (status = 'final' and snapshot is not null and snapshot_hash is not null and result is not null
        and engine_version is not null and finalized_at is not null)
  )
);
create index settlements_property on settlements (property_id, user_id);
create index settlements_user_created on settlements (user_id, created_at desc);
create unique index settlements_one_correction on settlements (corrects_id) where corrects_id is not null;

-- One final letter per tenancy of a final settlement, as delivered.
create table settlement_statements (
  settlement_id uuid not null,
  user_id text not null references users (id) on delete cascade,
  tenancy_id uuid not null,
  file_name text not null check (file_name <> ''),
  content bytea not null check (octet_length(content) > 0),
  -- false for a corrected letter re-issued without a credit
  charged boolean not null,
  created_at timestamptz not null default now(),
  primary key (settlement_id, tenancy_id),
  foreign key (settlement_id, user_id) references settlements (id, user_id) on delete cascade
);

-- Final means frozen: no statement can change a final settlement or a delivered letter.
create function refuse_final_change() returns trigger language plpgsql as $$
begin
  raise exception 'final settlement data cannot be changed' using errcode = 'check_violation';
end;
$$;
create trigger settlements_frozen before update on settlements
  for each row when (old.status = 'final') execute function refuse_final_change();
create trigger settlement_statements_frozen before update on settlement_statements
  for each row execute function refuse_final_change();
