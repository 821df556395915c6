import { Alert, Button, Group, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MediaErrorAlert } from '../settings/media-error-alert';
import type { CheckCaller } from './measure-network';
import type { Finding, NetworkMeasurements, Verdict } from './network-verdict';
import { useNetworkCheck } from './use-network-check';

const COLOR: Record<Verdict, string> = { good: 'teal', fair: 'yellow', poor: 'red' };

/** The network part of the pre-call check: reach, the way for video, upload, a verdict and what to do. */
export function NetworkCheckPanel({ caller, auto }: { caller: CheckCaller; auto: boolean }) {
  const { t } = useTranslation('settings');
  const { state, start } = useNetworkCheck(caller, auto);
  const running = state.step === 'running';
  return (
    <Stack gap="xs" data-testid="network-check">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{t('callCheck.network')}</Text>
        <Button variant="default" size="xs" onClick={() => void start()} loading={running} data-testid="network-check-run">
          {state.step === 'idle' ? t('callCheck.runNetwork') : t('callCheck.again')}
        </Button>
      </Group>
      {state.step === 'idle' && (
        <Text size="sm" c="dimmed">
          {t('callCheck.networkHint')}
        </Text>
      )}
      {running && (
        <Group gap="xs" data-testid="network-check-running">
          <Loader size="xs" />
          <Text size="sm">{t('callCheck.checking')}</Text>
        </Group>
      )}
      {state.step === 'failed' && <MediaErrorAlert error={state.error} testId="network-check-error" />}
      {state.step === 'done' && (
        <>
          <Alert
            color={COLOR[state.judgement.verdict]}
            variant="light"
            title={t(`callCheck.verdict.${state.judgement.verdict}`)}
            data-testid="network-verdict"
            data-verdict={state.judgement.verdict}
          >
            {state.judgement.advice.length > 0 && (
              <List size="sm" spacing={4}>
                {state.judgement.advice.map((advice) => (
                  <List.Item key={advice}>{t(`callCheck.advice.${advice}`)}</List.Item>
                ))}
              </List>
            )}
          </Alert>
          <Measurements measured={state.measured} path={state.judgement.path} />
        </>
      )}
    </Stack>
  );
}

function Measurements({ measured, path }: { measured: NetworkMeasurements; path: Finding }) {
  const { t, i18n } = useTranslation('settings');
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const rows: [string, string][] = [
    [
      t('callCheck.reach'),
      measured.roundTripMs === null ? t('callCheck.notReached') : t('callCheck.milliseconds', { value: number(measured.roundTripMs, 0) }),
    ],
    [t('callCheck.path'), t(`callCheck.pathVerdict.${path.verdict}`)],
    [
      t('callCheck.upload'),
      measured.uploadKbps === null ? t('callCheck.notMeasured') : t('callCheck.megabits', { value: number(measured.uploadKbps / 1000, 1) }),
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="network-measurements">
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">
            <bdi>{value}</bdi>
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
