-- Returned bookings (Rückbuchungen): a booking the bank marks as a reversal, and the booking it
-- returns where one is found (same account and payer, the amount back, within 90 days before).
alter table bank_transactions add column reversal boolean not null default false;
alter table bank_transactions add column reverses uuid references bank_transactions (id) on delete set null;
