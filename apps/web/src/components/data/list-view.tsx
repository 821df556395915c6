import { Stack, type MantineSpacing } from '@mantine/core';
import type { ListMeta } from '@opencare/schemas/envelope';
import type { ReactNode } from 'react';
import { QueryView } from './load-state';
import { ListPager } from './list-pager';

/** A list as the server answers it: a page of items with where it is, or every item at once. */
type ListData<T> = { items: T[]; meta?: ListMeta } | T[];

interface ListViewProps<T> {
  query: {
    status: 'pending' | 'error' | 'success';
    data: ListData<T> | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  /** What the spinner says it is waiting for. */
  loading?: string;
  /** What shows when there is nothing to list (an EmptyState). */
  empty: ReactNode;
  /** The items, as a table or an ItemList. */
  children: (items: T[]) => ReactNode;
  /** Given, a paged list gets the pager under it. */
  onPage?: (page: number) => void;
  pagerLabel?: string;
}

/** A list screen's states in one place: loading, failed, empty, or the items and their pager. */
export function ListView<T>({ query, loading, empty, children, onPage, pagerLabel }: ListViewProps<T>) {
  return (
    <QueryView query={query} loading={loading}>
      {(data) => {
        const { items, meta } = Array.isArray(data) ? { items: data, meta: undefined } : data;
        if (items.length === 0) return empty;
        if (!meta || !onPage) return children(items);
        return (
          <Stack gap="sm">
            {children(items)}
            <ListPager meta={meta} onPage={onPage} label={pagerLabel} />
          </Stack>
        );
      }}
    </QueryView>
  );
}

interface ItemListProps {
  children: ReactNode;
  gap?: MantineSpacing;
  label?: string;
  testId?: string;
}

/** The bulleted list of cards most list screens show: a plain <ul>, each item its own <li>. */
export function ItemList({ children, gap = 'sm', label, testId }: ItemListProps) {
  return (
    <Stack
      component="ul"
      gap={gap}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Stack>
  );
}
