-- A tenant who moved in years ago is entered without the day (issue 31: nine dates of eight digits
-- per house); no start means "since before any period it is settled in".

alter table tenancies alter column start_date drop not null;
