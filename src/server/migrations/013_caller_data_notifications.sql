-- Every server keeps the rows a signed-in caller is made of (session family, user, role, role
-- permissions, client) only until one of those tables changes (src/server/db/caller-data-changes.ts).
-- A change made anywhere (another server process, psql) is announced to every listening server when
-- its transaction commits; the payload names the schema, so servers on other schemas ignore it.
CREATE FUNCTION notify_caller_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ergoportal_caller_data', current_schema());
  RETURN NULL;
END;
$$;

CREATE TRIGGER refresh_families_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON refresh_families
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_data_changed();
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_data_changed();
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_data_changed();
CREATE TRIGGER role_permissions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_data_changed();
CREATE TRIGGER clients_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_data_changed();
