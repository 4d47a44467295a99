-- Meters and their readings (issue 28, domain.md §9): per unit its meters (cold and hot water, heat,
-- electricity, gas) and the building's main meters (no unit), each with dated readings. A reading
-- that starts a new meter names the meter it replaces (an exchange within the period).

create table meters (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  property_id uuid not null,
  unit_id uuid,
  kind text not null check (kind in ('cold-water', 'hot-water', 'heat', 'electricity', 'gas')),
  number text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (property_id, user_id) references properties (id, user_id) on delete cascade,
  foreign key (unit_id, user_id) references units (id, user_id) on delete cascade
);
create index meters_property on meters (property_id, user_id);

create table meter_readings (
  id uuid primary key default gen_random_uuid(),
  user_id text not null,
  meter_id uuid not null,
  date date not null,
  value numeric(15, 3) not null check (value >= 0),
  estimated boolean not null default false,
  replaces_meter_id uuid,
  created_at timestamptz not null default now(),
  unique (meter_id, date),
  foreign key (meter_id, user_id) references meters (id, user_id) on delete cascade
);
