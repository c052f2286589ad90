import type { FlowField, FlowMapping } from '../../../domain/flow/types';
import type { FieldError } from '../../../validation/fieldErrors';
import { FieldSelect } from './FieldSelect';
import { messagesIn, Problems } from './problems';

/** Mappings in the order of the inputs: one row per input, with the flow field mapped into it. */
export function mappingsFor(inputs: readonly FlowField[], mappings: readonly FlowMapping[]): FlowMapping[] {
  return inputs.map((input) => {
    const found = mappings.find((mapping) => mapping.To.toLowerCase() === input.Name.toLowerCase());
    return {
      To: input.Name,
      From: found?.From ?? null,
      Required: input.Validation?.IsRequired === true,
      IsKey: input.IsKey === true,
    };
  });
}

/**
 * Maps flow fields into inputs (an action's, a connector's, a function's): each input with its type and
 * its key and required flags, and a flow field to take it from (spec part 2 §2 drawer 4: "field mapping
 * (system field, flow field, required, type)").
 */
export function MappingTable(props: {
  label: string;
  inputs: readonly FlowField[];
  mappings: readonly FlowMapping[];
  fields: readonly FlowField[];
  onChange(mappings: FlowMapping[]): void;
  /** Errors with paths relative to `path` (`/2/From` below it). */
  errors?: readonly FieldError[];
  path?: string;
  readOnly?: boolean;
}) {
  const rows = mappingsFor(props.inputs, props.mappings);
  if (rows.length === 0) return <p className="empty-state">No inputs to map.</p>;
  return (
    <table className="list__table flow-table" aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Input</th>
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Flow field</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const input = props.inputs[index]!;
          const messages = props.errors
            ? messagesIn(props.errors, `${props.path ?? ''}/${index}`, { below: true })
            : [];
          return (
            <tr key={row.To}>
              <td>
                {row.To}
                {row.IsKey && <span className="badge badge--muted flow-badge">key</span>}
              </td>
              <td>{input.Type ?? '—'}</td>
              <td>{row.Required ? 'Yes' : 'No'}</td>
              <td>
                <FieldSelect
                  label={`Flow field for ${row.To}`}
                  value={row.From}
                  fields={props.fields}
                  disabled={props.readOnly}
                  placeholder="— not mapped —"
                  invalid={messages.length > 0}
                  onChange={(name) =>
                    props.onChange(rows.map((entry, at) => (at === index ? { ...entry, From: name } : entry)))
                  }
                />
                <Problems messages={messages} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
