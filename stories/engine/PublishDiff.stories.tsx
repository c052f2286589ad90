import type { Meta, StoryObj } from '@storybook/react-vite';
import { diffItems } from '../../src/domain/diff/diffItems';
import { PublishDiff } from '../../src/engine/diff/PublishDiff';

const meta = {
  title: 'Engine/PublishDiff',
  component: PublishDiff,
  args: { changes: [], firstPublish: false, failed: false },
} satisfies Meta<typeof PublishDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The publish confirmation's changes (issue 10 point 2): changed, added and removed fields. */
export const Changes: Story = {
  args: {
    changes: diffItems(
      {
        Name: 'Address',
        Description: 'Postal address',
        Elements: [
          { Name: 'Street', Type: 'String' },
          { Name: 'Zip', Type: 'String' },
        ],
      },
      {
        Name: 'Address',
        Description: 'Postal address of a customer',
        Elements: [
          { Name: 'Street', Type: 'Integer' },
          { Name: 'City', Type: 'String' },
        ],
      },
    ),
  },
};
export const FirstPublish: Story = {
  args: { firstPublish: true, changes: diffItems(null, { Name: 'Address', Description: 'Postal address' }) },
};
export const NothingChanges: Story = {};
export const PublishedVersionUnavailable: Story = { args: { failed: true } };
