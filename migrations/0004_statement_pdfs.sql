-- Final statement PDFs as they were delivered, one row per credit spent on a saved statement.
-- The bytes are kept in the database (30-60 KB each), so the paid document and its credit commit
-- in one transaction and the owner can download the same PDF again without another credit.
create table statement_pdfs (
  id uuid primary key default gen_random_uuid(),
  statement_id uuid not null references statements (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  file_name text not null check (file_name <> ''),
  content bytea not null check (octet_length(content) > 0),
  created_at timestamptz not null default now()
);
create index statement_pdfs_statement_created on statement_pdfs (statement_id, user_id, created_at desc);
