-- How sure the reader is of each field of a receipt, and whether the receipt as a whole is "sicher
-- erkannt" (ADR 0025, docs/domain/receipts.md). Receipts read before have neither: they count as unsure.

alter table document_recognitions
  add column confidence jsonb not null default '{}',
  add column sure boolean not null default false;
