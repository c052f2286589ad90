import type { FlowField } from '../../../domain/flow/types';
import type { FieldError } from '../../../validation/fieldErrors';
import { messagesIn, Problems } from './problems';

/**
 * Output fields of an action or connector, each ticked into the flow under an alias (spec part 2 §3
 * 'Block': output with alias; §5 Read: "Output aliases set, unique and not clashing with flow variables").
 */
export function OutputTable(props: {
  label: string;
  available: readonly FlowField[];
  output: readonly FlowField[];
  onChange(output: FlowField[]): void;
  /** Errors with paths relative to the output (`/2/Alias`). */
  errors?: readonly FieldError[];
  readOnly?: boolean;
}) {
  const { available, output } = props;
  if (available.length === 0) return <p className="empty-state">No output fields.</p>;
  const indexOf = (name: string) => output.findIndex((field) => field.Name === name);
  return (
    <table className="list__table flow-table" aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Output field</th>
          <th scope="col">Type</th>
          <th scope="col">Alias in the flow</th>
        </tr>
      </thead>
      <tbody>
        {available.map((field) => {
          const at = indexOf(field.Name);
          const chosen = at >= 0 ? output[at] : undefined;
          const messages = at >= 0 && props.errors ? messagesIn(props.errors, `/${at}`, { below: true }) : [];
          return (
            <tr key={field.Name}>
              <td>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={chosen !== undefined}
                    disabled={props.readOnly}
                    onChange={(event) =>
                      props.onChange(
                        event.target.checked
                          ? [
                              ...output,
                              {
                                Name: field.Name,
                                Alias: field.Name,
                                Type: field.Type ?? null,
                                Validation: field.Validation ?? null,
                              },
                            ]
                          : output.filter((entry) => entry.Name !== field.Name),
                      )
                    }
                  />
                  <span>{field.Name}</span>
                </label>
              </td>
              <td>{field.Type ?? '—'}</td>
              <td>
                {chosen && (
                  <>
                    <input
                      className="field__input"
                      aria-label={`Alias of ${field.Name}`}
                      value={chosen.Alias ?? ''}
                      readOnly={props.readOnly}
                      aria-invalid={messages.length > 0 || undefined}
                      onChange={(event) =>
                        props.onChange(
                          output.map((entry, index) =>
                            index === at ? { ...entry, Alias: event.target.value.replace(/\s/g, '') } : entry,
                          ),
                        )
                      }
                    />
                    <Problems messages={messages} />
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
