import Form from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from './formDefinition';
import { SchemaForm } from './SchemaForm';

type Doc = { Count?: number; Note?: string };

const form: FormDefinition = {
  name: 'Counted',
  schema: {
    type: 'object',
    properties: { Count: { type: 'number', title: 'Count' }, Note: { type: 'string', title: 'Note' } },
  },
  uiSchema: { Note: { 'ui:widget': 'counted' } },
  validate: Object.assign(() => true, { errors: null }),
};

function Counted(props: WidgetProps) {
  return <output aria-label="Note">{String(props.value ?? '')}</output>;
}
const widgets = { counted: Counted };

let replace: (value: Doc) => void = () => {};
/**
 * The editor's shape: the value in state, handed back to the form in a later task (the editor does so
 * after the key's frame), through an onChange that is the same function for the form's life.
 */
function Harness() {
  const [value, setValue] = useState<Doc>({ Count: 1, Note: 'first' });
  replace = setValue;
  const later = useCallback((next: Doc) => void setTimeout(() => setValue(next), 0), []);
  return <SchemaForm form={form} value={value} onChange={later} widgets={widgets} />;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SchemaForm renders once per change of its own (issue 20 point 3)', () => {
  it('is not rendered again when its own change comes back as its value', async () => {
    render(<Harness />);
    const count = screen.getByLabelText(/^Count/) as HTMLInputElement;
    const formRenders = vi.spyOn(Form.prototype, 'render');
    // A number goes to RJSF at once: RJSF renders the change; the harness hands it back a task later.
    fireEvent.change(count, { target: { value: '2' } });
    await settle();
    expect(count.value).toBe('2');
    expect(formRenders).toHaveBeenCalledTimes(1);
  });

  it('is rendered with a value that is not its own change (a merge, a restored draft)', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(/^Count/), { target: { value: '2' } });
    await settle();
    act(() => replace({ Count: 7, Note: 'restored' }));
    expect((screen.getByLabelText(/^Count/) as HTMLInputElement).value).toBe('7');
    expect(screen.getByLabelText('Note').textContent).toBe('restored');
  });
});
