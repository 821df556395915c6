import { Badge, Stack, Text } from '@mantine/core';
import type { VisitNote } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../appointments/format';
import classes from './visit-record.module.css';

/** A date and time in the reader's language, isolated for right-to-left text. */
export function useWhen(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => `${formatDate(iso, i18n.language)} ${formatTime(iso, i18n.language)}`;
}

/** The care team's note: its text, whether it is signed (and by whom), and the addenda under it. */
export function VisitNoteView({ note }: { note: VisitNote }) {
  const { t } = useTranslation('visits');
  const when = useWhen();
  return (
    <Stack gap="xs" data-testid="visit-note">
      <Text size="sm" dir="auto" className={classes.text} data-testid="visit-note-text">
        {note.text}
      </Text>
      {note.signedAt && note.signedBy ? (
        <Text size="sm" c="dimmed" data-testid="visit-note-signed">
          {t('record.signedBy', { name: note.signedBy.fullName })} · <bdi>{when(note.signedAt)}</bdi>
        </Text>
      ) : (
        <Badge variant="light" color="orange" tt="none" w="fit-content">
          {t('record.unsigned')}
        </Badge>
      )}
      {note.addenda.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('record.addenda')}>
          {note.addenda.map((a) => (
            <Stack
              key={a.id}
              component="li"
              gap={2}
              ps="sm"
              style={{ borderInlineStart: '3px solid var(--oc-color-border)' }}
              data-testid="visit-note-addendum"
            >
              <Text size="xs" fw={600}>
                {t('record.addendumBy', { name: a.author.fullName })} · <bdi>{when(a.at)}</bdi>
              </Text>
              <Text size="sm" dir="auto" className={classes.text}>
                {a.text}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
