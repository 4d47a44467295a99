-- Other banks' CSV exports (issue 30): the columns a landlord mapped once, remembered per bank (the
-- file's row of column names), and imports in that format.

alter table bank_imports drop constraint bank_imports_format_check;
alter table bank_imports add constraint bank_imports_format_check
  check (format in ('camt053', 'mt940', 'csv-camt', 'csv'));

create table bank_csv_mappings (
  user_id text not null references users (id) on delete cascade,
  signature text not null,
  mapping jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, signature)
);
