import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ValidationPanel } from '../../src/engine/detail/ValidationPanel';

const meta = {
  title: 'Engine/ValidationPanel',
  component: ValidationPanel,
  args: { onRefresh: fn(), onClear: fn(), errors: [] },
} satisfies Meta<typeof ValidationPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RequiresValidation: Story = { args: { status: 'required' } };
export const Running: Story = { args: { status: 'running' } };
export const Valid: Story = { args: { status: 'valid' } };
export const Invalid: Story = {
  args: {
    status: 'invalid',
    errors: [
      { path: '/Name', messageKey: 'docNameEmpty', message: 'Please enter a document name' },
      { path: '/Elements/2/Type', messageKey: 'fieldTypeError', message: 'Please select a field type' },
    ],
  },
};
