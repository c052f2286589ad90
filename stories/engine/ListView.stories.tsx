import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ColumnSpec } from '../../src/engine/list/columns';
import { ListView } from '../../src/engine/list/ListView';
import { useListController } from '../../src/engine/list/useListController';

interface Row {
  Guid: string;
  Name: string;
  Type: string;
  Modified: string;
  IsPublished: boolean;
}

const columns: ColumnSpec<Row>[] = [
  { id: 'name', header: 'Name', value: (row) => row.Name },
  { id: 'type', header: 'Type', value: (row) => row.Type },
  { id: 'modified', header: 'Last edited', kind: 'date', value: (row) => row.Modified },
  {
    id: 'status',
    header: 'Status',
    kind: 'status',
    value: (row) => (row.IsPublished ? 'published' : 'draft'),
  },
];

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    Guid: `row-${index}`,
    Name: `Item ${String(index + 1).padStart(4, '0')}`,
    Type: ['PostgreSQL', 'REST', 'Internal PostgreSQL'][index % 3]!,
    Modified: new Date(Date.UTC(2026, 10, 1 + (index % 20))).toISOString(),
    IsPublished: index % 2 === 0,
  }));

function ListStory({ count, loading }: { count: number; loading?: boolean }) {
  const data = loading ? undefined : rows(count);
  const controller = useListController({ rows: data, columns });
  return (
    <ListView
      label="Connections"
      columns={columns}
      controller={controller}
      loading={loading}
      rowKey={(row) => row.Guid}
      openLabel="edit"
      onOpen={fn()}
      onDelete={fn()}
      onCreate={fn()}
      createLabel="New connection"
    />
  );
}

const meta = { title: 'Engine/ListView', component: ListStory } satisfies Meta<typeof ListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { count: 0 } };
export const Loading: Story = { args: { count: 0, loading: true } };
export const OnePage: Story = { args: { count: 12 } };
export const ManyPages: Story = { args: { count: 10_000 } };
