-- Receipts read offline (issue 29): a document's recognition is a durable job (status, lease, tries)
-- and its result; the landlord's confirmed fields are kept beside it and win. The pages as small
-- pictures for the review. XML e-invoices are stored as documents too.

create table document_recognitions (
  document_id uuid primary key references documents (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  status text not null check (status in ('pending', 'running', 'done', 'failed')),
  method text check (method in ('e-invoice', 'text', 'ocr')),
  fields jsonb,
  evidence jsonb not null default '{}',
  warnings jsonb not null default '[]',
  error text,
  pages integer not null default 0,
  attempts integer not null default 0,
  -- a running job whose lease ran out (its instance stopped) is taken again
  locked_until timestamptz,
  booking jsonb,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index document_recognitions_queue on document_recognitions (created_at) where status in ('pending', 'running');

create table document_pages (
  document_id uuid not null references documents (id) on delete cascade,
  page integer not null check (page >= 1),
  width integer not null,
  height integer not null,
  image bytea not null,
  primary key (document_id, page)
);
