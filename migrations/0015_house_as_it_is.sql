-- The house as it is (issue 28, domain.md §9): kinds of unit, tenancies with a flat rate, and named
-- groups of units that share a cost (Abrechnungskreise).

alter table units add column kind text not null default 'dwelling'
  check (kind in ('dwelling', 'commercial', 'parking'));

alter table tenancies add column flat_rate boolean not null default false;

create table cost_groups (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid not null,
  name text not null check (name <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (property_id, user_id) references properties (id, user_id) on delete cascade
);
create index cost_groups_property on cost_groups (property_id, user_id);

-- A unit leaves every group when it is deleted.
create table cost_group_units (
  cost_group_id uuid not null,
  unit_id uuid not null,
  user_id text not null,
  primary key (cost_group_id, unit_id),
  foreign key (cost_group_id, user_id) references cost_groups (id, user_id) on delete cascade,
  foreign key (unit_id, user_id) references units (id, user_id) on delete cascade
);
