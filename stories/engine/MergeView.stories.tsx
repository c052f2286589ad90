import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { type MergeRequest, MergeView } from '../../src/engine/merge/MergeView';

const base = {
  Name: 'CustomerMessage',
  Description: 'A customer with contacts and an address.',
  SchemaType: 'Input',
  Elements: [
    { Name: 'Id', Type: 'Guid' },
    { Name: 'Name', Type: 'String', Validation: { Required: true, Max: 100 } },
    { Name: 'Since', Type: 'DateOnly' },
  ],
  Revision: 3,
};

/** Two tabs edited one metadata document: a conflict, a change of each side, and one both made. */
const twoTabs: MergeRequest<object> = {
  item: 'metadata document',
  name: 'CustomerMessage',
  base,
  theirs: {
    ...base,
    Description: 'Edited in the first tab',
    SchemaType: 'Output',
    Elements: [base.Elements[0], { Name: 'Name', Type: 'String', Validation: { Required: true, Max: 200 } }],
    Revision: 4,
  },
  mine: {
    ...base,
    Description: 'Edited in the second tab',
    SchemaType: 'Output',
    Elements: [...base.Elements, { Name: 'Zip', Type: 'String' }],
  },
};

const meta = {
  title: 'Engine/MergeView',
  component: MergeView,
  args: { request: twoTabs, onSave: fn(), onCancel: fn() },
} satisfies Meta<typeof MergeView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 10 point 3: Description needs a choice; the rest is taken automatically and can be switched. */
export const Conflict: Story = {};
/** Different fields in each tab: nothing to choose, Save merge is ready. */
export const MergesCleanly: Story = {
  args: {
    request: { ...twoTabs, mine: { ...twoTabs.mine, Description: base.Description, SchemaType: 'Input' } },
  },
};
/** A draft restored from the browser: its starting version is unknown, so every difference is a choice. */
export const BaseUnknown: Story = { args: { request: { ...twoTabs, base: null } } };
/** Both tabs made the same edits. */
export const SameContent: Story = { args: { request: { ...twoTabs, mine: twoTabs.theirs } } };
