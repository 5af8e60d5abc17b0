-- Roles added by administrators (SPEC §6 role-add): two roles may not share a name told apart only
-- by letter case; the server checks first, this index settles two administrators saving at once.
CREATE UNIQUE INDEX roles_display_name_lower ON roles (lower(display_name));
