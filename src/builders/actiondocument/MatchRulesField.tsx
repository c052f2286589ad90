import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { MatchRule } from '../../domain/actionDocuments/types';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { RowActions } from '../../engine/list/RowActions';
import { t } from '../../messages/t';
import { errorsAt } from '../documentbuilder/errorsAt';
import { actionFormContext } from './actionFormContext';
import { flattenActions } from './flatActions';
import { MatchRuleDrawer } from './MatchRuleDrawer';

const DRAWER = 'match-rule';

/**
 * The match rules of an action document (spec part 2 §2, §3): each on a document of the action tree,
 * with stop_if_match, stop_if_no_match, an order that starts at the count plus one, and input and output
 * fields; details in the match rule drawer (drawer 14).
 */
export function MatchRulesField(props: FieldProps<MatchRule[]>) {
  const { onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const rules = props.formData ?? [];
  const context = actionFormContext(props.registry.formContext);
  const editable = !(disabled || readonly || context.readOnly);
  const drawers = useDrawers();
  const documentActions = useMemo(
    () =>
      flattenActions(context.document.Action)
        .map((entry) => entry.action)
        .filter((action) => action.Type !== 'Method' && action.Guid),
    [context.document.Action],
  );
  const change = (next: MatchRule[]) => onChange(next, fieldPathId.path);
  const open = (index: number | null) => {
    const rule: MatchRule =
      index === null
        ? {
            Guid: null,
            Name: null,
            StopIfMatch: false,
            StopIfNoMatch: false,
            Order: rules.length + 1,
            Input: [],
            Output: [],
          }
        : rules[index]!;
    drawers.open({
      key: DRAWER,
      title: index === null ? t('ad.rules.add') : `${t('ad.rules.details')}: ${rule.Name ?? ''}`,
      content: (
        <MatchRuleDrawer
          drawerKey={DRAWER}
          rule={rule}
          documentActions={documentActions}
          context={context}
          onSave={(saved) =>
            change(
              index === null
                ? [...rules, saved]
                : rules.map((entry, position) => (position === index ? saved : entry)),
            )
          }
        />
      ),
    });
  };
  const sorted = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => (a.rule.Order ?? 0) - (b.rule.Order ?? 0));
  return (
    <section className="doc-table" aria-label={t('ad.rules.title')}>
      <header className="doc-table__header">
        <h3 className="form-section__title">{t('ad.rules.title')}</h3>
        {editable && (
          <button
            type="button"
            className="button button--small"
            disabled={documentActions.length === 0}
            title={documentActions.length === 0 ? t('ad.rules.noDocuments') : undefined}
            onClick={() => open(null)}
          >
            {t('ad.rules.add')}
          </button>
        )}
      </header>
      <div className="list__frame">
        <table className="list__table doc-table__table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Document</th>
              <th scope="col">Input</th>
              <th scope="col">Output</th>
              <th scope="col">Stops</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.length === 0 && (
              <tr>
                <td colSpan={6} className="list__state">
                  {documentActions.length === 0 ? t('ad.rules.noDocuments') : t('ad.rules.empty')}
                </td>
              </tr>
            )}
            {sorted.map(({ rule, index }) => {
              const errors = errorsAt(errorSchema, index);
              return (
                <tr
                  key={`${rule.Order}-${rule.Guid}-${rule.Name}`}
                  className={errors.length > 0 ? 'doc-table__row--invalid' : ''}
                >
                  <td>{rule.Order}</td>
                  <td>
                    <button
                      type="button"
                      id={`${fieldPathId.$id}_${index}_Name`}
                      className="list__open"
                      onClick={() => open(index)}
                    >
                      {rule.Name || '—'}
                    </button>
                    {errors.length > 0 && (
                      <span className="doc-table__errors" role="alert">
                        {errors.join(' ')}
                      </span>
                    )}
                  </td>
                  <td>{(rule.Input ?? []).join(', ')}</td>
                  <td>{(rule.Output ?? []).join(', ')}</td>
                  <td>
                    <span className="doc-table__options">
                      {rule.StopIfMatch && <span className="badge badge--muted">if match</span>}
                      {rule.StopIfNoMatch && <span className="badge badge--muted">if no match</span>}
                    </span>
                  </td>
                  <RowActions
                    remove={
                      editable && {
                        ariaLabel: `Delete match rule ${rule.Order}`,
                        onClick: () => change(rules.filter((_entry, position) => position !== index)),
                      }
                    }
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
