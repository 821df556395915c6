import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../../../api/error-reporter';
import { useNotifications } from '../../../components/notifications/use-notify';

interface ReportIssueModalProps {
  opened: boolean;
  visitId: string;
  engine: string | null;
  onClose: () => void;
}

const DESCRIPTION_MAX = 1000;

/** Report a technical issue during a visit (spec §8): a short description to the error log endpoint. */
export function ReportIssueModal({ opened, visitId, engine, onClose }: ReportIssueModalProps) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    await reportClientError({
      key: 'reportTechnicalIssue',
      error: new Error(description.trim() || 'Technical issue during a video visit'),
      info: `visit ${visitId}, engine ${engine ?? 'none'}`,
    });
    setBusy(false);
    setDescription('');
    notify({ id: 'issue-reported', message: t('report.sent'), tone: 'success' });
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('report.title')} data-testid="report-issue-modal">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('report.hint')}
        </Text>
        <Textarea
          label={t('report.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={DESCRIPTION_MAX}
          rows={4}
          data-autofocus
          data-testid="report-description"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('report.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={busy} data-testid="report-send">
            {t('report.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
