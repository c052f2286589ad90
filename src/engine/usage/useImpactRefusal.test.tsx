import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { usagePath } from '../../permissions/usagePath';
import { ConfirmDialog } from '../../shell/dialogs/ConfirmDialog';
import { useImpactRefusal } from './useImpactRefusal';

const FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10';
const VERSION = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a99';
const CONNECTION = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d';

/** The refusal of spec-less issue 10 point 1 as the server answers it (server/usage/impact.ts). */
const refusal = (hidden = 0) =>
  new ApiError(400, {
    Message: 'Publishing is refused: published items that use this item would break (1).',
    MessageKey: 'impact.publishRefused',
    Impact: {
      Action: 'publish',
      Hidden: hidden,
      Entries: [
        {
          Kind: 'flow',
          Guid: FLOW,
          Name: 'GET customers/credit',
          Connection: null,
          Version: VERSION,
          State: 'published',
          Reason: 'impact.reason.fieldRemoved',
          Message: 'uses the field Credit, which this version removes',
          Params: { field: 'Credit' },
        },
      ],
    },
  });

function Where() {
  return <p data-testid="where">{`${useLocation().pathname}${useLocation().search}`}</p>;
}

function setup() {
  let refused: ReturnType<typeof useImpactRefusal> = () => false;
  function Probe() {
    refused = useImpactRefusal();
    return null;
  }
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/documentbuilder/x']}>
        <Probe />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <ConfirmDialog />
      </MemoryRouter>
    </Provider>,
  );
  return (error: unknown) => {
    let answer = false;
    act(() => {
      answer = refused(error, 'document');
    });
    return answer;
  };
}

describe('a refused publish or delete lists what would break (issue 10 point 1)', () => {
  it.each<[string, Parameters<typeof usagePath>[0], string]>([
    [
      'a flow opens at the version that uses the item',
      { Kind: 'flow', Guid: FLOW, Connection: null, Version: VERSION },
      `/flowbuilder/${FLOW}?version=${VERSION}`,
    ],
    [
      'a scoped item opens with its connection',
      { Kind: 'composedDocument', Guid: 'c1', Connection: CONNECTION, Version: null },
      `/composeddocument/c1?connection=${CONNECTION}`,
    ],
    [
      'an item of no connection at its builder',
      { Kind: 'metadata', Guid: 'm1', Connection: null, Version: null },
      '/metadatabuilder/m1',
    ],
  ])('links: %s', (_case, entry, path) => {
    expect(usagePath(entry)).toBe(path);
  });

  it('shows the server message and each item with why; its link closes the dialog and opens the item', () => {
    const refuse = setup();
    expect(refuse(refusal())).toBe(true);
    const dialog = screen.getByRole('alertdialog', { name: 'This document cannot be published yet' });
    expect(dialog.textContent).toContain(
      'Publishing is refused: published items that use this item would break (1).',
    );
    const row = screen.getByRole('table', { name: 'What would break' }).querySelector('tbody tr')!;
    expect(row.textContent).toBe('GET customers/creditflowuses the field Credit, which this version removes');
    act(() => fireEvent.click(screen.getByRole('link', { name: 'GET customers/credit' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe(`/flowbuilder/${FLOW}?version=${VERSION}`);
  });

  it('counts what the caller may not open without naming it', () => {
    const refuse = setup();
    refuse(refusal(2));
    expect(screen.getByRole('alertdialog').textContent).toContain('2 more in builders you may not open.');
  });

  it('control: any other failure is left to the caller (a stale save, a validation error)', () => {
    const refuse = setup();
    expect(refuse(new ApiError(409, { Message: 'Changed meanwhile', Current: {} }))).toBe(false);
    expect(refuse(new ApiError(400, { Message: 'Bad request' }))).toBe(false);
    expect(refuse(new Error('offline'))).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
