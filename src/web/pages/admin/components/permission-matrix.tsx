import type { WidgetProps } from '@rjsf/utils';
import { permissions as catalogue } from '../../../../../generated/permissions';
import { hasKey, useT, type T } from '../../../i18n/texts';

/** A permission a role may be granted: the catalogue's, or one added in the admin. */
export interface GrantablePermission {
  readonly name: string;
  readonly group: string;
  readonly description: string;
}
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A permission's description in the reader's language: the catalogue's (manifest/permissions.yaml)
 * by its key `admin.permission.<name>`; a permission added in the admin is described as it was written.
 */
export function permissionDescription(t: T, permission: { readonly name: string; readonly description: string }): string {
  const key = `admin.permission.${permission.name}`;
  return hasKey(key) ? t(key) : permission.description;
}

/** A permission group's name (manifest/permissions.yaml groups) in the reader's language; a group added in the admin is shown as named. */
export function permissionGroup(t: T, group: string): string {
  const key = `admin.permission_group.${group}`;
  return hasKey(key) ? t(key) : capitalised(group);
}

/**
 * The role form's permission matrix as an RJSF widget (SPEC §2 /user/roles): every permission of
 * manifest/permissions.yaml, grouped as the catalogue groups them, each a plain checkbox so the
 * matrix works from the keyboard.
 *
 * `ui:options.grantable` lists the permissions offered (the catalogue and those added in the admin);
 * absent, the catalogue alone.
 *
 * @example manifest/forms/role.yaml: permissions: { "ui:widget": permission-matrix }; the page: widgets={{ 'permission-matrix': PermissionMatrix }}
 */
export function PermissionMatrix({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const t = useT();
  const grantable = (options.grantable as readonly GrantablePermission[] | undefined) ?? catalogue;
  const groups = [...new Set(grantable.map((p) => p.group))];
  const granted = new Set<string>(Array.isArray(value) ? (value as string[]) : []);
  const toggle = (name: string) => {
    const next = new Set(granted);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    onChange([...next].sort());
  };
  return (
    <div id={id} className="permission-matrix">
      {groups.map((group) => (
        <fieldset key={group} className="permission-group">
          <legend>{permissionGroup(t, group)}</legend>
          {grantable
            .filter((p) => p.group === group)
            .map((p) => (
              <label key={p.name} className="permission">
                <input
                  type="checkbox"
                  name={`${id}-${p.name}`}
                  checked={granted.has(p.name)}
                  disabled={disabled || readonly}
                  onChange={() => toggle(p.name)}
                />{' '}
                <code>{p.name}</code> <span className="muted">{permissionDescription(t, p)}</span>
              </label>
            ))}
        </fieldset>
      ))}
    </div>
  );
}
