-- A final PDF of a statement remembers whom and which period it was for: a later final PDF of the
-- same statement for the same tenant and period is a correction and costs no credit (ADR 0014).
-- Rows from before this migration have no tenant or period and never make a correction free.
alter table statement_pdfs
  add column tenant_name text,
  add column period_start date,
  add column period_end date,
  add column charged boolean not null default true;
