import { newGroup, newRule } from '../../../domain/flow/conditions';
import type { FieldScope } from '../../../domain/flow/scope';
import type { ConditionGroup } from '../../../domain/flow/types';
import type { FieldError } from '../../../validation/fieldErrors';
import { messagesIn, Problems } from '../fields/problems';
import { RuleEditor } from './RuleEditor';

/**
 * The condition editor (spec part 2 §2 drawers 5 and 10, §3 'Condition rule', 'Operators'): groups of
 * conditions; all conditions of a group must hold, and any group holding is enough.
 */
export function ConditionEditor(props: {
  groups: readonly ConditionGroup[];
  fields: FieldScope;
  compare: FieldScope;
  onChange(groups: ConditionGroup[]): void;
  /** Errors with paths relative to the groups (`/0/Rules/1/Name`), or below `path`. */
  errors: readonly FieldError[];
  path: string;
  /** Unique in the page: names the radio groups of the rules. */
  idBase: string;
  readOnly: boolean;
}) {
  const { groups, onChange, readOnly, path, errors } = props;
  const setGroup = (index: number, group: ConditionGroup) =>
    onChange(groups.map((entry, at) => (at === index ? group : entry)));
  return (
    <div className="flow-conditions">
      <Problems messages={messagesIn(errors, path)} />
      {groups.map((group, g) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no identity but their place
          key={g}
          className="flow-group"
          aria-label={`Condition group ${g + 1}`}
        >
          <header className="flow-group__header">
            <h3 className="form-section__title">
              {g === 0 ? 'When all of these hold' : 'or when all of these hold'}
            </h3>
            {!readOnly && (
              <button
                type="button"
                className="button button--small button--link"
                onClick={() => onChange(groups.filter((_, at) => at !== g))}
              >
                Remove group
              </button>
            )}
          </header>
          {(group.Rules ?? []).map((rule, r) => (
            <RuleEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity but their place
              key={r}
              rule={rule}
              label={`Condition ${g + 1}.${r + 1}`}
              fields={props.fields}
              compare={props.compare}
              readOnly={readOnly}
              errors={errors}
              path={`${path}/${g}/Rules/${r}`}
              idBase={props.idBase}
              onChange={(next) =>
                setGroup(g, {
                  ...group,
                  Rules: (group.Rules ?? []).map((entry, at) => (at === r ? next : entry)),
                })
              }
              onRemove={() =>
                setGroup(g, { ...group, Rules: (group.Rules ?? []).filter((_, at) => at !== r) })
              }
            />
          ))}
          <Problems messages={messagesIn(errors, `${path}/${g}/Rules`)} />
          {!readOnly && (
            <button
              type="button"
              className="button button--small"
              onClick={() => setGroup(g, { ...group, Rules: [...(group.Rules ?? []), newRule()] })}
            >
              Add condition
            </button>
          )}
        </section>
      ))}
      {!readOnly && (
        <button type="button" className="button" onClick={() => onChange([...groups, newGroup()])}>
          {groups.length === 0 ? 'Add condition group' : 'Add “or” group'}
        </button>
      )}
    </div>
  );
}
