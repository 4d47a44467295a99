-- A receipt may be Geldbeschaffungskosten (costs of raising a loan: notary, land register, valuation)
-- for the tax year (docs/domain/tax-year.md).
alter table documents drop constraint documents_tax_kind_check;
alter table documents add constraint documents_tax_kind_check
  check (tax_kind in ('passed-on', 'repairs', 'administration', 'financing', 'sundry', 'private'));
