import { Button, Group, Text } from '@mantine/core';
import type { ListMeta } from '@opencare/schemas/envelope';
import { useTranslation } from 'react-i18next';

/** Previous and next page, with where the reader is; hidden while everything fits on one page. */
export function ListPager({ meta, onPage }: { meta: ListMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation('patients');
  if (meta.totalPages <= 1) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={t('common.pages')}>
      <Button variant="default" disabled={!meta.hasPreviousPage} onClick={() => onPage(meta.page - 1)}>
        {t('common.previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('common.page', { page: meta.page, pages: meta.totalPages })}
      </Text>
      <Button variant="default" disabled={!meta.hasNextPage} onClick={() => onPage(meta.page + 1)}>
        {t('common.next')}
      </Button>
    </Group>
  );
}
