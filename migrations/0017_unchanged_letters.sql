-- A correction re-issues only the letters whose figures changed (issue 31): a letter that reads as
-- the corrected settlement's did is kept as it was sent, marked unchanged, and needs no new delivery.

alter table settlement_statements add column unchanged boolean not null default false;
