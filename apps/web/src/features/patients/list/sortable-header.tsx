import { Table, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import type { PatientSort, SortDirection } from '@opencare/schemas/entities/patients';
import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../../../components/icons/icons';

interface SortableHeaderProps {
  column: PatientSort;
  sort: { sort: PatientSort; direction: SortDirection };
  onSort: (column: PatientSort) => void;
  visibleFrom?: MantineBreakpoint;
  children: ReactNode;
}

/**
 * A column header that sorts the list: a real button (Tab, Enter, Space), and `aria-sort` on the
 * sorted column's header, which is how a screen reader hears the order (WAI-ARIA sortable table).
 */
export function SortableHeader({ column, sort, onSort, visibleFrom, children }: SortableHeaderProps) {
  const active = sort.sort === column;
  const Arrow = !active ? SortIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        data-testid={`sort-${column}`}
        fz="sm"
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {children}
        <Arrow size={14} style={{ opacity: active ? 1 : 0.45, flexShrink: 0 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
