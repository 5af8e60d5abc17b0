-- Which permissions' default grants (manifest/permissions.yaml `defaultRoles`) a database has already
-- applied. A permission added to the manifest later reaches the roles it names once, at the first
-- start that meets it; after that, an administrator's change to those roles is never undone.
CREATE TABLE permission_default_grants (
  permission text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
