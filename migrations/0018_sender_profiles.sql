-- The landlord's sender and bank account, kept once in the settings and put into every new
-- Hausabrechnung (issue 31: 47 s of each walk went to typing them again).

create table sender_profiles (
  user_id text primary key references users (id) on delete cascade,
  letter jsonb not null,
  updated_at timestamptz not null default now()
);
