-- A reader may be limited to chosen properties (ADR 0028): null is the whole workspace. Only a reader
-- carries a list; owners and editors always work in all of it.
alter table workspace_members add column property_ids uuid[];
alter table workspace_members add constraint workspace_members_limited_reader
  check (property_ids is null or (role = 'reader' and cardinality(property_ids) > 0));
alter table workspace_invitations add column property_ids uuid[];
alter table workspace_invitations add constraint workspace_invitations_limited_reader
  check (property_ids is null or (role = 'reader' and cardinality(property_ids) > 0));
