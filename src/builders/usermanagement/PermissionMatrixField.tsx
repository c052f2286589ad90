import type { FieldProps } from '@rjsf/utils';
import { t } from '../../messages/t';
import type { RolePermissions } from '../../permissions/entitlements';
import { actionLabels, type PermissionCell, permissionMatrix, togglePermission } from './permissionMatrix';

/** What the role drawer tells its matrix: the enabled modules, or why they are unknown. */
export interface PermissionMatrixContext {
  enabledModules: ReadonlySet<string> | null;
  modulesFailed: boolean;
}

const reasonOf = (cell: PermissionCell) => {
  if (!cell.locked) return undefined;
  return t('role.impliedBy', { actions: cell.locked.by.map((action) => actionLabels[action]).join(', ') });
};

/**
 * A role's permissions as a matrix of areas and actions (spec part 1 §3 'Role', §6, part 2 §6): each
 * area's row has a box for exactly the actions it assigns (no Publish where Upsert implies it, no Read
 * where the spec lists none), implied boxes show checked and locked, and only areas of enabled modules
 * show. Read-only roles disable every box.
 */
export function PermissionMatrixField({
  formData,
  onChange,
  fieldPathId,
  disabled,
  readonly,
  registry,
}: FieldProps) {
  const { enabledModules, modulesFailed } = (registry.formContext ?? {}) as Partial<PermissionMatrixContext>;
  const permissions = (formData ?? {}) as RolePermissions;
  if (modulesFailed)
    return (
      <p className="field__error" role="alert">
        {t('role.modulesError')}
      </p>
    );
  if (!enabledModules) return <span className="spinner" role="status" aria-label="Loading" />;
  const { columns, rows } = permissionMatrix(permissions, enabledModules);
  if (rows.length === 0) return <p className="field__help">{t('role.noAreas')}</p>;
  const off = disabled || readonly;
  return (
    <div className="permission-matrix" id={fieldPathId.$id}>
      <table className="permission-matrix__table">
        <caption className="field__label permission-matrix__caption">Permissions</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            {columns.map((action) => (
              <th key={action} scope="col">
                {actionLabels[action]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.area}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) =>
                cell ? (
                  <td key={cell.action} title={reasonOf(cell)}>
                    <input
                      type="checkbox"
                      aria-label={`${row.label}: ${actionLabels[cell.action]}`}
                      aria-description={reasonOf(cell)}
                      checked={cell.checked}
                      disabled={off || cell.locked !== undefined}
                      onChange={(event) =>
                        onChange(
                          togglePermission(permissions, row.area, cell.action, event.target.checked),
                          fieldPathId.path,
                        )
                      }
                    />
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is known by its column only
                  <td key={`none-${index}`} className="permission-matrix__none" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
