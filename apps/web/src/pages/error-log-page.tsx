import { Button, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../api/error-message';
import { EmptyState } from '../components/page/empty-state';
import { PageFrame } from '../components/page/page-frame';
import { errorLog } from '../session/error-log';

/** The errors this window met (spec §2, `/error-log`), newest first. */
export function ErrorLogPage() {
  const { t, i18n } = useTranslation();
  const [records, setRecords] = useState(errorLog.list);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <PageFrame
      title={t('errorLog.title')}
      intro={t('errorLog.intro')}
      actions={
        records.length > 0 && (
          <Button
            variant="default"
            onClick={() => {
              errorLog.clear();
              setRecords([]);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        )
      }
    >
      {records.length === 0 ? (
        <EmptyState title={t('errorLog.empty')} hint={t('errorLog.emptyHint')} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="sm" data-testid="error-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('errorLog.time')}</Table.Th>
                  <Table.Th>{t('errorLog.code')}</Table.Th>
                  <Table.Th>{t('errorLog.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((record) => (
                  <Table.Tr key={`${record.at}-${record.key}`}>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {time.format(new Date(record.at))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{record.key}</bdi>
                    </Table.Td>
                    <Table.Td>{errorMessageOf(t, record.key)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </PageFrame>
  );
}
