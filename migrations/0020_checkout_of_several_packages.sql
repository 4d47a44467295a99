-- One checkout for what a settlement needs (issue 31): several packages in one session, and the
-- page the landlord returns to. package_id and price_id keep the largest package of the session.

alter table payments add column lines jsonb;
alter table payments add column success_path text;

-- "Abbrechen" also leads back to the dashboard page the checkout was started on
alter table payments drop constraint payments_cancel_path_check;
alter table payments add constraint payments_cancel_path_check
  check (cancel_path in ('/paywall', '/') or cancel_path ~ '^/dashboard(/[A-Za-z0-9-]+)*$');
alter table payments add constraint payments_success_path_check
  check (success_path ~ '^/dashboard(/[A-Za-z0-9-]+)*$');
