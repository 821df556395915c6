import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { Task } from '@opencare/schemas/entities/care';
import { MEALS, MEASUREMENT_TYPES, type CreateMeasurementInput, type Meal, type Measurement, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { useNotifyError } from '../../components/notifications/use-notify';
import { usePreferences } from '../../session/use-preferences';
import { CameraCapture } from './camera-capture';
import { ChoiceChips } from './choice-chips';
import { twelveHour } from './format';
import { MeasurementFields } from './measurement-fields';
import { checkValues, whyNotReady, type FieldInputs } from './measurement-values';
import { trpc } from '../../api/trpc';
import { useRecordMeasurementMutation } from './measurement-queries';
import type { Photo } from './photo-encoding';
import { RangeBadge } from './range-badge';

interface MeasurementFormProps {
  type: MeasurementType | null;
  onTypeChange: (type: MeasurementType) => void;
  /** The daily task this reading is for, when the person came from one. */
  task: Task | null;
  onSaved: (measurement: Measurement) => void;
}

/** The server's field issues ("values.systolic") by the form's field names. */
function fieldIssuesOf(caught: unknown): Record<string, string> | null {
  const error = asApiError(caught);
  if (!(error instanceof ApiError) || error.errors.length === 0) return null;
  return Object.fromEntries(error.errors.map((issue) => [issue.field.replace(/^values\./, ''), issue.message]));
}

/**
 * A reading entered by the patient (spec §1): the type first, then its values in the person's
 * units (or a photo), a note, and send. The send button says why it cannot be used yet.
 */
export function MeasurementForm({ type, onTypeChange, task, onSaved }: MeasurementFormProps) {
  const { t, i18n } = useTranslation('measurements');
  const { preferences } = usePreferences();
  const notifyError = useNotifyError();
  const whyId = useId();
  const [inputs, setInputs] = useState<FieldInputs>({});
  const [meal, setMeal] = useState<Meal | null>(null);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Measurement | null>(null);

  // The task arrives after the page: it says before or after a meal unless the person already chose.
  const taskMeal = task?.meal ?? null;
  useEffect(() => {
    if (taskMeal) setMeal((chosen) => chosen ?? taskMeal);
  }, [taskMeal]);

  const checked = type && type !== 'camera' ? checkValues(type, inputs, preferences) : null;
  const why = whyNotReady({ type, checked, meal, hasPhoto: photo !== null, sending });
  const forTask = task && task.type === type && task.status !== 'complete' && task.status !== 'cancelled' ? task : null;
  // One id per reading as typed: a retry after a lost answer is the same reading (stored once),
  // and a changed reading is a new one.
  const readingId = useMemo(() => crypto.randomUUID(), [type, inputs, meal, photo, note]);

  const reset = () => {
    setInputs({});
    setPhoto(null);
    setNote('');
    setServerIssues({});
  };

  const upload = trpc.files.upload.useMutation();
  const record = useRecordMeasurementMutation();

  const send = async () => {
    if (!type || why) return;
    setSending(true);
    setSaved(null);
    try {
      const common = { id: readingId, note: note.trim() || undefined, taskId: forTask?.id };
      let input: CreateMeasurementInput;
      if (type === 'camera') {
        if (!photo) return;
        const file = await upload.mutateAsync({ contentType: photo.contentType, data: photo.data, fileName: 'photo.jpg' });
        input = { type, values: {}, fileId: file.id, ...common };
      } else {
        // The checks above (whyNotReady) made these the type's values; the server checks them again.
        const values = checked?.values ?? {};
        input = (type === 'bs' ? { type, values, meal: meal ?? undefined, ...common } : { type, values, ...common }) as CreateMeasurementInput;
      }
      const { measurement } = await record.mutateAsync(input);
      reset();
      setSaved(measurement);
      onSaved(measurement);
    } catch (error) {
      const fields = fieldIssuesOf(error);
      if (fields) setServerIssues(fields);
      else notifyError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="measurement-form"
    >
      <Stack gap="md">
      <ChoiceChips
        label={t('form.chooseType')}
        value={type}
        required
        options={MEASUREMENT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        onChange={(next) => {
          reset();
          setSaved(null);
          onTypeChange(next);
        }}
        testId="measurement-type"
      />
      {forTask && (
        <Text size="sm" data-testid="for-task">
          {t('form.forTask', { time: twelveHour(forTask.time, i18n.language) })}
        </Text>
      )}
      {type === 'camera' && <CameraCapture photo={photo} onPhoto={setPhoto} />}
      {type && type !== 'camera' && (
        <MeasurementFields
          type={type}
          inputs={inputs}
          issues={checked?.issues ?? {}}
          serverIssues={serverIssues}
          prefs={preferences}
          onChange={(field, value) => {
            setInputs((current) => ({ ...current, [field]: value }));
            setSaved(null);
          }}
        />
      )}
      {type === 'bs' && (
        <Radio.Group label={t('meal.label')} value={meal ?? ''} onChange={(value) => setMeal(MEALS.find((m) => m === value) ?? null)} withAsterisk>
          <Group gap="lg" mt={6}>
            {MEALS.map((value) => (
              <Radio key={value} value={value} label={t(`meal.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {type && (
        <Textarea
          label={t('form.note')}
          placeholder={t('form.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={500}
          rows={2}
          error={serverIssues.note}
        />
      )}
      <Stack gap={6} align="flex-start">
        <Button
          type="submit"
          loading={sending}
          // Still focusable while it cannot be used, so the reason below is read with it.
          data-disabled={why !== null || undefined}
          aria-disabled={why !== null}
          aria-describedby={why ? whyId : undefined}
          onClick={(event) => {
            if (why) event.preventDefault();
          }}
          data-testid="send-measurement"
        >
          {t('form.send')}
        </Button>
        {why && (
          <Text id={whyId} size="sm" c="dimmed" data-testid="send-why">
            {t(`why.${why}`)}
          </Text>
        )}
      </Stack>
      {saved && (
        <Alert color="green" variant="light" role="status" data-testid="measurement-saved">
          <Group gap="xs">
            <Text size="sm">{saved.rangeClass ? t('form.savedWithRange', { range: t(`ranges.${saved.rangeClass}`) }) : t('form.saved')}</Text>
            {saved.rangeClass && <RangeBadge rangeClass={saved.rangeClass} />}
          </Group>
        </Alert>
      )}
      </Stack>
    </form>
  );
}
