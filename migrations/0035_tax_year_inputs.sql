-- What only the landlord knows for the tax year (docs/domain/tax-year.md): a property's loans with the
-- interest the bank stated per year, the AfA basis of its building, and what a receipt is for the tax.
create table property_loans (
  id uuid primary key default gen_random_uuid(),
  workspace_id text not null references workspaces(id) on delete cascade,
  property_id uuid not null,
  lender text not null,
  principal_cents bigint not null check (principal_cents > 0),
  rate_bp integer not null check (rate_bp between 0 and 2000),
  monthly_rate_cents bigint not null check (monthly_rate_cents > 0),
  first_rate_on date not null,
  stated_interest jsonb not null default '[]',
  created_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (property_id, workspace_id) references properties(id, workspace_id) on delete cascade
);
create index property_loans_property on property_loans (workspace_id, property_id);

create table property_depreciation (
  property_id uuid primary key,
  workspace_id text not null references workspaces(id) on delete cascade,
  building_cost_cents bigint not null check (building_cost_cents > 0),
  completion_year integer not null check (completion_year between 1700 and 2100),
  acquired_on date not null,
  updated_at timestamptz not null default now(),
  foreign key (property_id, workspace_id) references properties(id, workspace_id) on delete cascade
);
create index property_depreciation_workspace on property_depreciation (workspace_id);

alter table documents add column tax_kind text
  check (tax_kind in ('passed-on', 'repairs', 'administration', 'sundry', 'private'));
-- Erhaltungsaufwand spread over 2 to 5 years (§ 82b EStDV); null: deducted in the year paid.
alter table documents add column tax_spread_years integer check (tax_spread_years between 2 and 5);

-- The workspace's DATEV settings: the chart of accounts, the accounts as the adviser wants them, and the
-- adviser's Berater- and Mandantennummer.
create table workspace_datev (
  workspace_id text primary key references workspaces(id) on delete cascade,
  chart text not null check (chart in ('SKR03', 'SKR04')),
  accounts jsonb not null,
  adviser_number integer check (adviser_number between 1001 and 9999999),
  client_number integer check (client_number between 1 and 99999),
  updated_at timestamptz not null default now()
);

-- Co-owners of a property with their shares (Miteigentumsanteile); no row: one owner.
create table property_co_owners (
  property_id uuid primary key,
  workspace_id text not null references workspaces(id) on delete cascade,
  owners jsonb not null,
  updated_at timestamptz not null default now(),
  foreign key (property_id, workspace_id) references properties(id, workspace_id) on delete cascade
);
create index property_co_owners_workspace on property_co_owners (workspace_id);
