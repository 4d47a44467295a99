-- The warnings a landlord confirmed before a single statement's final PDF (issue 19, ADR 0018).
alter table statement_pdfs add column confirmed_warnings jsonb not null default '[]'::jsonb;
