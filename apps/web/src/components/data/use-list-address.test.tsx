import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListAddress, useTypedSearch } from './use-list-address';

type Hooks = ReturnType<typeof useListAddress> & ReturnType<typeof useTypedSearch>;

/** A list page at `address`, its hooks' latest values in `current`. */
function renderList(address: string) {
  const seen: { current: Hooks | null } = { current: null };
  function List() {
    const list = useListAddress();
    seen.current = { ...list, ...useTypedSearch(list) };
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/users', element: <List /> },
      { path: '/', element: null },
    ],
    {
      initialEntries: ['/', address],
      initialIndex: 1,
    },
  );
  render(<RouterProvider router={router} />);
  return { hooks: () => seen.current!, router };
}

afterEach(() => vi.useRealTimers());

describe('a list kept in the address', () => {
  it.each([
    ['/users?page=3', 3],
    ['/users', 1],
    ['/users?page=abc', 1],
    ['/users?page=-2', 1],
    ['/users?page=0', 1],
    ['/users?page=2.7', 2],
  ])('reads the page of %s as %i', (address, page) => {
    expect(renderList(address).hooks().page).toBe(page);
  });

  it('changes the named parameters, keeps the others, and replaces the address rather than adding to the history', () => {
    const { hooks, router } = renderList('/users?page=3&role=nurse');
    act(() => hooks().update({ locked: 'true', role: null, page: null }));
    expect(router.state.location.search).toBe('?locked=true');
    expect(router.state.historyAction).toBe('REPLACE');

    act(() => hooks().setPage(4));
    expect(router.state.location.search).toBe('?locked=true&page=4');
    act(() => hooks().setPage(1));
    expect(router.state.location.search).toBe('?locked=true');
    // Back leaves the list: its changes were not steps of the history.
    act(() => void router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('writes what was typed into the address once typing pauses, back on the first page', () => {
    vi.useFakeTimers();
    const { hooks, router } = renderList('/users?search=ann&page=2');
    expect(hooks().typed).toBe('ann');

    act(() => hooks().setTyped('anna'));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => hooks().setTyped(' anna k '));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Still typing: the list is not asked for yet.
    expect(router.state.location.search).toBe('?search=ann&page=2');
    expect(hooks().typed).toBe(' anna k ');

    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(router.state.location.search).toBe('?search=anna+k');
    expect(hooks().search).toBe('anna k');

    act(() => hooks().setTyped('   '));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(router.state.location.search).toBe('');
  });
});
