import { Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once, with copy and download (a text file) so they can be kept. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('settings');
  const text = codes.join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'opencare-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('twoFactor.recoveryTitle')}</Text>
      <Text size="sm" c="dimmed">
        {t('twoFactor.recoveryHint')}
      </Text>
      <Paper withBorder p="sm" radius="sm">
        {/* Codes read left to right in every language, each on one line: as many columns as fit. */}
        <List
          listStyleType="none"
          spacing={4}
          size="sm"
          dir="ltr"
          data-testid="recovery-codes"
          style={{ fontFamily: 'monospace', columns: '10.5rem', whiteSpace: 'nowrap' }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" size="xs" onClick={download}>
          {t('twoFactor.download')}
        </Button>
      </Group>
    </Stack>
  );
}
