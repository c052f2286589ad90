import { act, render, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useListUrlState } from './useListUrlState';

function renderList(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListUrlState({ defaultSort: 'name' }),
      search: useLocation().search,
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

describe('a list state held in the URL (issue 10 point 5), shown before the URL is written (issue 20 point 2)', () => {
  it('shows a sort at once and writes it to the URL after', async () => {
    const { result } = renderList('/list?q=abc&page=3');
    expect(result.current.list).toMatchObject({ search: 'abc', typed: 'abc', page: 3, sortId: 'name' });
    act(() => result.current.list.toggleSort('type'));
    // The list shows the new sort in the render the click caused; the URL follows once idle.
    expect(result.current.list).toMatchObject({ sortId: 'type', descending: false, page: 1 });
    expect(result.current.search).toBe('?q=abc&page=3');
    await waitFor(() => expect(result.current.search).toBe('?q=abc&sort=type'));
    act(() => result.current.list.toggleSort('type'));
    await waitFor(() => expect(result.current.search).toBe('?q=abc&sort=type&dir=desc'));
    expect(result.current.list).toMatchObject({ sortId: 'type', descending: true });
  });

  it('writes the last of quick changes, and its own write landing does not undo a newer change', async () => {
    const { result } = renderList('/list');
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.toggleSort('name'));
    act(() => result.current.list.setPage(4));
    expect(result.current.list).toMatchObject({ page: 4, sortId: 'name', descending: true });
    await waitFor(() => expect(result.current.search).toBe('?page=4&sort=name&dir=desc'));
    expect(result.current.list).toMatchObject({ page: 4, descending: true });
  });

  it('quick changes make one URL write, once the list is still (issue 20 point 2)', async () => {
    const { result } = renderList('/list');
    const written: string[] = [];
    const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 40)));
    act(() => result.current.list.toggleSort('type'));
    written.push(result.current.search);
    await pause();
    act(() => result.current.list.toggleSort('type'));
    written.push(result.current.search);
    await pause();
    act(() => result.current.list.setPage(3));
    written.push(result.current.search);
    await pause();
    // Each change showed at once, and none reached the URL while the next came within 150 ms.
    expect(result.current.list).toMatchObject({ sortId: 'type', descending: true, page: 3 });
    expect(written).toEqual(['', '', '']);
    await waitFor(() => expect(result.current.search).toBe('?sort=type&dir=desc&page=3'));
  });

  it('drops a write still due when the list leaves the page', async () => {
    let list: ReturnType<typeof useListUrlState> | undefined;
    let hide = () => {};
    let search = '';
    function List() {
      list = useListUrlState({ defaultSort: 'name' });
      return null;
    }
    function Page() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      search = useLocation().search;
      return shown ? <List /> : null;
    }
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Page />
      </MemoryRouter>,
    );
    act(() => list!.toggleSort('type'));
    act(() => hide());
    // Well past the quiet time and the idle write: a write made now would navigate from elsewhere.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(search).toBe('');
  });

  it('the search reaches the list and the URL after the debounce, page back to 1', async () => {
    const { result } = renderList('/list?page=2');
    act(() => result.current.list.setTyped('needle'));
    expect(result.current.list).toMatchObject({ typed: 'needle', search: '' });
    await waitFor(() => expect(result.current.list.search).toBe('needle'));
    expect(result.current.list.page).toBe(1);
    await waitFor(() => expect(result.current.search).toBe('?q=needle'));
  });

  it('follows a navigation that is not its own (back, forward, a link), search box included', async () => {
    const { result } = renderList('/list?q=abc');
    act(() => result.current.navigate('/list?q=other&sort=type&dir=desc&page=2'));
    expect(result.current.list).toMatchObject({
      search: 'other',
      typed: 'other',
      sortId: 'type',
      descending: true,
      page: 2,
    });
  });
});
