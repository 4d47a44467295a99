-- The days after the 3rd Werktag a rent booking still counts as on time (the bank's booking lag), per
-- workspace (docs/domain/late-rent.md).
alter table workspaces add column rent_grace_days integer not null default 3
  check (rent_grace_days between 0 and 10);
