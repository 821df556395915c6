import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { TASK_PHASES, type DeviceTask } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';

/** A profile's tasks, read-only, phase by phase in the order gateways run them. */
export function TaskTable({ tasks }: { tasks: DeviceTask[] }) {
  const { t } = useTranslation('devices');
  if (tasks.length === 0) return <Text c="dimmed">{t('profiles.noTasks')}</Text>;
  return (
    <Stack gap="md">
      {TASK_PHASES.map((phase) => {
        const inPhase = tasks.filter((task) => task.phase === phase);
        if (inPhase.length === 0) return null;
        return (
          <Stack key={phase} gap={4}>
            <Title order={3} size="h6">
              {t(`phases.${phase}.title`)}
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4} data-testid={`tasks-${phase}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('tasks.fields.action')}</Table.Th>
                    <Table.Th>{t('tasks.fields.service')}</Table.Th>
                    <Table.Th>{t('tasks.fields.characteristic')}</Table.Th>
                    <Table.Th>{t('tasks.fields.descriptors')}</Table.Th>
                    <Table.Th>{t('tasks.fields.dataType')}</Table.Th>
                    <Table.Th>{t('tasks.fields.writeValue')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inPhase.map((task, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" tt="none">
                          {t(`actions.${task.action}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{task.service}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{task.characteristic}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{task.descriptors.join(', ') || '—'}</bdi>
                      </Table.Td>
                      <Table.Td>{t(`dataTypes.${task.dataType}`)}</Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{task.writeValue ?? '—'}</bdi>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      })}
    </Stack>
  );
}
