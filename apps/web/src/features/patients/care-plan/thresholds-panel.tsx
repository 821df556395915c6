import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { LIMIT_NAMES, type Thresholds } from '@opencare/schemas/entities/measurement-ranges';
import { fieldsOf } from '@opencare/schemas/entities/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useResetThresholdsMutation } from './care-plan-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ThresholdForm } from './threshold-form';

/** The limits that class a patient's readings, per type; physicians and nurses change them. */
export function ThresholdsPanel({ patientId, canEdit }: { patientId: string; canEdit: boolean }) {
  const { t } = useTranslation('patients');
  const thresholds = trpc.measurements.thresholds.useQuery({ patientId });
  const reset = useResetThresholdsMutation();
  const [editing, setEditing] = useState<Thresholds | null>(null);
  const [resetting, setResetting] = useState<Thresholds | null>(null);
  const { notify } = useNotifications();
  const typeName = useMeasurementName();

  return (
    <Stack gap="sm" data-testid="thresholds-panel">
      <Title order={3} size="h5">
        {t('carePlan.thresholds.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('carePlan.thresholds.intro')}
      </Text>
      <QueryView query={thresholds} loading={t('carePlan.thresholds.loading')}>
        {(all) =>
          all.map((ofType) => (
            <ThresholdsOfType
              key={ofType.type}
              thresholds={ofType}
              canEdit={canEdit}
              onEdit={() => setEditing(ofType)}
              onReset={() => setResetting(ofType)}
            />
          ))
        }
      </QueryView>
      {editing && (
        <ThresholdForm
          patientId={patientId}
          thresholds={editing}
          opened
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {resetting && (
        <ConfirmDialog
          opened
          title={t('carePlan.thresholds.resetTitle', { type: typeName(resetting.type) })}
          body={t('carePlan.thresholds.resetBody')}
          confirmLabel={t('carePlan.thresholds.reset')}
          onClose={() => setResetting(null)}
          onConfirm={async () => {
            await reset.mutateAsync({ patientId, type: resetting.type });
            notify({ id: 'thresholds-reset', message: t('carePlan.thresholds.resetDone'), tone: 'success' });
            setResetting(null);
          }}
        />
      )}
    </Stack>
  );
}

interface ThresholdsOfTypeProps {
  thresholds: Thresholds;
  canEdit: boolean;
  onEdit: () => void;
  onReset: () => void;
}

function ThresholdsOfType({ thresholds, canEdit, onEdit, onReset }: ThresholdsOfTypeProps) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const typeName = useMeasurementName();
  const { type, limits } = thresholds;
  const name = typeName(type);
  const fields = fieldsOf(type).filter(([field]) => Object.keys(limits[field] ?? {}).length > 0);

  return (
    <Stack gap={6} data-testid={`thresholds-${type}`} data-default={thresholds.isDefault}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Badge size="sm" variant="light" color={thresholds.isDefault ? 'gray' : 'blue'}>
            {thresholds.isDefault ? t('carePlan.thresholds.default') : t('carePlan.thresholds.custom')}
          </Badge>
        </Group>
        {canEdit && (
          <Group gap="xs">
            {!thresholds.isDefault && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={onReset}
                aria-label={t('carePlan.thresholds.resetOf', { type: name })}
              >
                {t('carePlan.thresholds.reset')}
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="light"
              onClick={onEdit}
              aria-label={t('carePlan.thresholds.editOf', { type: name })}
            >
              {t('carePlan.thresholds.edit')}
            </Button>
          </Group>
        )}
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('carePlan.thresholds.noLimits')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('carePlan.thresholds.field')}</Table.Th>
                {LIMIT_NAMES.map((limit) => (
                  <Table.Th key={limit}>{t(`carePlan.thresholds.limits.${limit}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map(([field]) => (
                <Table.Tr key={field} data-testid={`threshold-row-${type}-${field}`}>
                  <Table.Th scope="row" fw={500}>
                    {format.keyLabel(field)}
                  </Table.Th>
                  {LIMIT_NAMES.map((limit) => {
                    const stored = limits[field]?.[limit];
                    return (
                      <Table.Td key={limit} data-limit={limit}>
                        {stored === undefined ? (
                          <Text span c="dimmed" aria-label={t('carePlan.thresholds.notSet')}>
                            –
                          </Text>
                        ) : (
                          // As the vitals write a value: number and unit one isolated LTR run (and
                          // one unbroken line), so Arabic reads "95 °F", never "°F 95".
                          <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid="threshold-value">
                            {format.quantity(type, field, stored)}
                          </bdi>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
