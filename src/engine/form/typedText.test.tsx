import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from './formDefinition';
import { SchemaForm } from './SchemaForm';

type Doc = { Name?: string; Description?: string };

/** A form of an input and a textarea, as the metadata document's Name and Description. */
const documentForm: FormDefinition = {
  name: 'Typed',
  schema: {
    type: 'object',
    properties: {
      Name: { type: 'string', title: 'Name' },
      Description: { type: 'string', title: 'Description' },
    },
  },
  uiSchema: { Description: { 'ui:widget': 'textarea' } },
  validate: Object.assign(() => true, { errors: null }),
};

/** The form, what it reported, and a Save button that reads the last report. */
function Harness({ seen, onSave }: { seen: Doc[]; onSave(value: Doc): void }) {
  const [value, setValue] = useState<Doc>({ Name: 'Orders' });
  return (
    <div>
      <SchemaForm
        form={documentForm}
        value={value}
        onChange={(next: Doc) => {
          seen.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => onSave(seen.at(-1) ?? value)}>
        Save
      </button>
      <div data-testid="elsewhere" tabIndex={-1} />
    </div>
  );
}

const frames: FrameRequestCallback[] = [];
const paint = () =>
  act(async () => {
    for (const frame of frames.splice(0)) frame(performance.now());
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function setup() {
  const seen: Doc[] = [];
  const onSave = vi.fn();
  render(<Harness seen={seen} onSave={onSave} />);
  const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
  const description = screen.getByLabelText(/^Description/) as HTMLTextAreaElement;
  return { seen, onSave, name, description };
}

/**
 * Issue 20 point 3: typed text shows at once and reaches the form after the keystroke's frame, yet
 * nothing that acts on the form (spec part 1 §2 shortcuts, buttons, leaving a field) sees it late.
 */
describe('typed text reaches the form after the next paint', () => {
  beforeEach(() => {
    frames.length = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['input', 'name' as const, 'OrdersX', { Name: 'OrdersX' }],
    ['textarea', 'description' as const, 'Typed', { Description: 'Typed' }],
  ])(
    'a %s shows the key at once; the form has it once the frame is painted',
    async (_, field, text, expected) => {
      const fields = setup();
      fireEvent.change(fields[field], { target: { value: text } });
      expect(fields[field].value).toBe(text);
      expect(fields.seen).toHaveLength(0);
      await paint();
      expect(fields.seen.at(-1)).toMatchObject(expected);
      expect(fields[field].value).toBe(text);
    },
  );

  it('keys typed before the frame reach the form together, as the last text', async () => {
    const { seen, name } = setup();
    fireEvent.change(name, { target: { value: 'OrdersA' } });
    fireEvent.change(name, { target: { value: 'OrdersAB' } });
    await paint();
    expect(seen.map((value) => value.Name)).toEqual(['OrdersAB']);
  });

  const handOver: Array<[string, (fields: ReturnType<typeof setup>) => void]> = [
    [
      'a click (the Save button reads the form)',
      () => fireEvent.click(screen.getByRole('button', { name: 'Save' })),
    ],
    ['a pointer press anywhere', () => fireEvent.pointerDown(screen.getByTestId('elsewhere'))],
    [
      'Ctrl+S in the field (spec part 1 §2)',
      ({ name }) => fireEvent.keyDown(name, { key: 's', ctrlKey: true }),
    ],
    ['Enter in the field', ({ name }) => fireEvent.keyDown(name, { key: 'Enter' })],
    ['Escape in the field', ({ name }) => fireEvent.keyDown(name, { key: 'Escape' })],
    ['a key in another field', ({ description }) => fireEvent.keyDown(description, { key: 'a' })],
    [
      'typing into another field',
      ({ description }) => fireEvent.change(description, { target: { value: 'x' } }),
    ],
    ['the field losing focus', ({ name }) => fireEvent.blur(name)],
  ];
  it.each(handOver)('%s hands the text over before anything else reads the form', (_, act) => {
    const fields = setup();
    fireEvent.change(fields.name, { target: { value: 'Renamed' } });
    expect(fields.seen).toHaveLength(0);
    act(fields);
    expect(fields.seen[0]).toMatchObject({ Name: 'Renamed' });
  });

  it('the Save button acts on the text typed just before the click', () => {
    const { name, onSave } = setup();
    fireEvent.change(name, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ Name: 'Renamed' }));
  });

  it('plain keys in the typing field do not hand over early (that is the point)', () => {
    const { seen, name } = setup();
    fireEvent.change(name, { target: { value: 'OrdersA' } });
    fireEvent.keyDown(name, { key: 'b' });
    fireEvent.keyDown(name, { key: 'Backspace' });
    expect(seen).toHaveLength(0);
  });
});
