import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { treeRows } from '../../../domain/fields/fieldTree';
import { EAGER_ROWS, FieldListTable, type FieldRowActions } from './FieldListTable';

const actions: FieldRowActions = { open: vi.fn(), addChild: vi.fn(), move: vi.fn(), remove: vi.fn() };

function renderTable(count: number, readOnly = false) {
  const rows = treeRows(
    Array.from({ length: count }, (_, index) => ({ Name: `Field${index + 1}`, Type: 'String' })),
  );
  return render(
    <FieldListTable
      rows={rows}
      columns={[{ path: 'Type', header: 'Type' }]}
      rowId={(row) => `root_Elements_${row.address.join('_')}`}
      canHaveChildren={() => false}
      invalidKeys=""
      readOnly={readOnly}
      actions={actions}
      label="Fields"
    />,
  );
}

const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove/ });

/** Issue 20 point 3: a 500-field document paints its rows before the buttons of rows below the fold. */
describe('FieldListTable of many rows', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws every row at once, the buttons of the first rows with them and the rest after that frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const { container } = renderTable(EAGER_ROWS + 20);
    expect(container.querySelectorAll('.field-list__row')).toHaveLength(EAGER_ROWS + 20);
    expect(screen.getByRole('button', { name: `Field${EAGER_ROWS + 20}` })).toBeTruthy();
    expect(removeButtons()).toHaveLength(EAGER_ROWS);
    // Rows without their buttons still have the cell, so the columns stay in place.
    expect(container.querySelectorAll('td.field-list__actions')).toHaveLength(EAGER_ROWS + 20);
    await act(async () => {
      for (const frame of frames.splice(0)) frame(0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(removeButtons()).toHaveLength(EAGER_ROWS + 20);
  });

  it('a list of no more than the eager rows has all its buttons at once', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    renderTable(EAGER_ROWS);
    expect(removeButtons()).toHaveLength(EAGER_ROWS);
  });

  it('a read-only list has no buttons and no actions column', () => {
    const { container } = renderTable(EAGER_ROWS + 5, true);
    expect(removeButtons()).toHaveLength(0);
    expect(container.querySelectorAll('.field-list__actions')).toHaveLength(0);
  });
});
