import { Button, Group, Text } from '@mantine/core';
import type { ListMeta } from '@opencare/schemas/envelope';
import { useTranslation } from 'react-i18next';
import { ChevronEndIcon, ChevronStartIcon } from '../icons/icons';

interface ListPagerProps {
  meta: ListMeta;
  onPage: (page: number) => void;
  /** What the pages are of, for a screen reader's landmark list ("Pages" unless said). */
  label?: string;
}

/**
 * Previous and next page of a list, with where the reader is; hidden while everything fits on one
 * page. Plain buttons, so Tab and Enter work; the row and its chevrons follow the reading direction.
 */
export function ListPager({ meta, onPage, label }: ListPagerProps) {
  const { t, i18n } = useTranslation();
  if (meta.totalPages <= 1) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      component="nav"
      aria-label={label ?? t('common.pager.label')}
    >
      <Button
        variant="default"
        size="sm"
        leftSection={<ChevronStartIcon size={16} />}
        disabled={!meta.hasPreviousPage}
        onClick={() => onPage(meta.page - 1)}
      >
        {t('common.pager.previous')}
      </Button>
      <Text size="sm" aria-live="polite" ta="center">
        {t('common.pager.page', { page: number.format(meta.page), pages: number.format(meta.totalPages) })}
      </Text>
      <Button
        variant="default"
        size="sm"
        rightSection={<ChevronEndIcon size={16} />}
        disabled={!meta.hasNextPage}
        onClick={() => onPage(meta.page + 1)}
      >
        {t('common.pager.next')}
      </Button>
    </Group>
  );
}
