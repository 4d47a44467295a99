-- Hardening, round three (issue 26).

-- The settlement list shows the total of the costs: stored beside the entries, so listing never
-- reads the entries' or the result's JSON.
alter table settlements add column total_costs_cents bigint not null default 0;
alter table settlements disable trigger settlements_frozen;
update settlements set total_costs_cents = coalesce(
  (select sum((c ->> 'amountCents')::bigint) from jsonb_array_elements(input -> 'costs') c), 0);
alter table settlements enable trigger settlements_frozen;

-- Final means kept: a final settlement and its letters cannot be deleted, and no letter can be added
-- to a final settlement. Only deleting the account itself takes them (the user row is gone by the
-- time its cascade reaches these rows).
create function refuse_final_delete() returns trigger language plpgsql as $$
begin
  if exists (select 1 from users where id = old.user_id) then
    raise exception 'final settlement data cannot be deleted' using errcode = 'check_violation';
  end if;
  return old;
end;
$$;
create trigger settlements_kept before delete on settlements
  for each row when (old.status = 'final') execute function refuse_final_delete();
create trigger settlement_statements_kept before delete on settlement_statements
  for each row execute function refuse_final_delete();

create function refuse_letter_for_final() returns trigger language plpgsql as $$
begin
  if exists (select 1 from settlements where id = new.settlement_id and status = 'final') then
    raise exception 'a final settlement takes no further letter' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;
create trigger settlement_statements_closed before insert on settlement_statements
  for each row execute function refuse_letter_for_final();

-- The overview of a final settlement, rendered once when it is finalized (or at its first download).
create table settlement_overviews (
  settlement_id uuid primary key,
  user_id text not null references users (id) on delete cascade,
  content bytea not null check (octet_length(content) > 0),
  created_at timestamptz not null default now(),
  foreign key (settlement_id, user_id) references settlements (id, user_id) on delete cascade
);

-- Tenant links: the landlord can revoke one; openings are counted from the page's own request.
alter table tenant_links
  add column revoked_at timestamptz,
  add column open_count integer not null default 0 check (open_count >= 0);

-- A single statement's final PDF remembers the parties it was for (landlord, tenant, flat): a later
-- one is a free correction only for the same parties. Rows from before have none and are never free.
alter table statement_pdfs add column parties_hash text;
