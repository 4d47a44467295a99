-- Delivery with proof and the tenant's view of the receipts (issue 19, ADR 0017).

-- How each final tenant statement was delivered: one current record per letter, corrected by the landlord.
create table settlement_deliveries (
  settlement_id uuid not null,
  tenancy_id uuid not null,
  user_id text not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'post', 'registered', 'messenger')),
  sent_on date not null,
  received_on date check (received_on is null or received_on >= sent_on),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (settlement_id, tenancy_id),
  foreign key (settlement_id, tenancy_id) references settlement_statements (settlement_id, tenancy_id)
    on delete cascade
);

-- Private tenant pages: only the SHA-256 of the token is kept; the first opening is the proof of receipt.
create table tenant_links (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users (id) on delete cascade,
  settlement_id uuid not null,
  tenancy_id uuid not null,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null,
  expires_at timestamptz not null,
  first_opened_at timestamptz,
  statement_downloaded_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (settlement_id, tenancy_id) references settlement_statements (settlement_id, tenancy_id)
    on delete cascade
);
create index tenant_links_statement on tenant_links (settlement_id, tenancy_id);

-- Receipts (Belege) attached to a cost position of a settlement: the index into its cost list.
create table settlement_cost_documents (
  settlement_id uuid not null,
  user_id text not null,
  cost_index integer not null check (cost_index >= 0),
  document_id uuid not null references documents (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (settlement_id, cost_index, document_id),
  foreign key (settlement_id, user_id) references settlements (id, user_id) on delete cascade
);
create index settlement_cost_documents_document on settlement_cost_documents (document_id);

-- Which receipt a tenant looked at through which link, first and how often.
create table tenant_receipt_views (
  link_id uuid not null references tenant_links (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  first_viewed_at timestamptz not null default now(),
  views integer not null default 1 check (views >= 1),
  primary key (link_id, document_id)
);
