import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { Task } from '@opencare/schemas/entities/care';
import {
  MEALS,
  MEASUREMENT_TYPES,
  recordMeasurementInputSchema,
  type Meal,
  type Measurement,
  type MeasurementType,
} from '@opencare/schemas/entities/measurements';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { usePreferences } from '../../session/use-preferences';
import { CameraCapture } from './camera-capture';
import { ChoiceChips } from '../../components/form/choice-chips';
import { twelveHour } from './twelve-hour';
import { MeasurementFields } from './measurement-fields';
import { checkValues, whyNotReady, type FieldInputs } from './measurement-values';
import { BLANK_INPUTS, photoReadingSchema } from './reading-schema';
import { trpc } from '../../api/trpc';
import { useRecordMeasurementMutation } from './measurement-queries';
import type { Photo } from './photo-encoding';
import { RangeBadge } from './range-badge';
import { ReadingAdvice } from './reading-advice';
import { canTakeNow } from './task-status';

interface MeasurementFormProps {
  type: MeasurementType | null;
  onTypeChange: (type: MeasurementType) => void;
  /** The daily task this reading is for, when the person came from one. */
  task: Task | null;
  onSaved: (measurement: Measurement) => void;
  /** A caregiver records for this patient (issue 19): typed readings only, no photo. */
  patientId?: string;
}

interface ReadingValues {
  /** The number fields as typed, in the person's units. */
  values: FieldInputs;
  meal: Meal | null;
  note: string;
  photo: Photo | null;
}

/**
 * A reading entered by the patient (spec §1): the type first, then its values in the person's
 * units (or a photo), a note, and send. The send button says why it cannot be used yet.
 */
export function MeasurementForm({ type, onTypeChange, task, onSaved, patientId }: MeasurementFormProps) {
  const { t, i18n } = useTranslation('measurements');
  const { preferences } = usePreferences();
  const whyId = useId();
  const [saved, setSaved] = useState<Measurement | null>(null);
  const upload = trpc.files.upload.useMutation();
  const record = useRecordMeasurementMutation();

  // Only a task whose window is open now: a reading outside it would not complete it (a late reminder link).
  const forTask = task && task.type === type && canTakeNow(task, new Date()) ? task : null;
  // The checks below (whyNotReady) made these the type's values; the schema and the server check them again.
  const bodyOf = ({ values, meal, note, photo }: ReadingValues) => {
    const common = { id: readingId, note: note.trim() || undefined, taskId: forTask?.id, ...(patientId ? { patientId } : {}) };
    if (type === 'camera') return { type, values: {}, photo, ...common };
    const checked = type ? checkValues(type, values, preferences).values : {};
    return type === 'bs' ? { type, values: checked, meal: meal ?? undefined, ...common } : { type, values: checked, ...common };
  };
  const initialValues: ReadingValues = { values: BLANK_INPUTS, meal: task?.meal ?? null, note: '', photo: null };
  const { form, field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: type === 'camera' ? photoReadingSchema : recordMeasurementInputSchema,
    initialValues,
    toBody: bodyOf,
    submit: async (body) => {
      setSaved(null);
      if (!('photo' in body)) return record.mutateAsync(body);
      const { photo, ...reading } = body;
      const file = await upload.mutateAsync({ contentType: photo.contentType, data: photo.data, fileName: 'photo.jpg' });
      return record.mutateAsync({ ...reading, fileId: file.id });
    },
    onSuccess: ({ measurement }, { meal }) => {
      reset();
      // The next reading is likely taken the same way round a meal.
      form.setFieldValue('meal', meal);
      setSaved(measurement);
      onSaved(measurement);
    },
  });
  const { values: inputs, meal, photo } = form.values;
  // One id per reading as typed: a retry after a lost answer is the same reading (stored once),
  // and a changed reading is a new one.
  const readingId: string = useMemo(() => crypto.randomUUID(), [type, form.values]);

  // The task arrives after the page: it says before or after a meal unless the person already chose.
  const taskMeal = task?.meal ?? null;
  const chosenMeal = useRef(meal);
  chosenMeal.current = meal;
  const setMeal = form.setFieldValue;
  useEffect(() => {
    if (taskMeal && chosenMeal.current === null) setMeal('meal', taskMeal);
  }, [taskMeal, setMeal]);

  const checked = type && type !== 'camera' ? checkValues(type, inputs, preferences) : null;
  const why = whyNotReady({ type, checked, meal, hasPhoto: photo !== null, sending: submitting });
  /** The server's messages about the values, by field, in the reader's words where known. */
  const serverIssues = Object.fromEntries(
    Object.keys(inputs).flatMap((name) => {
      const error = field(`values.${name}`).error;
      return error === undefined ? [] : [[name, error]];
    }),
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="measurement-form">
      <Stack gap="md">
      <ChoiceChips
        label={t('form.chooseType')}
        value={type}
        required
        options={MEASUREMENT_TYPES.filter((value) => !patientId || value !== 'camera').map((value) => ({ value, label: t(`types.${value}`) }))}
        onChange={(next) => {
          // Another type starts a new reading; before or after a meal stays as chosen.
          form.setValues({ values: BLANK_INPUTS, note: '', photo: null });
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
      {type === 'camera' && <CameraCapture photo={photo} onPhoto={(next) => form.setFieldValue('photo', next)} />}
      {type && type !== 'camera' && (
        <MeasurementFields
          type={type}
          inputs={inputs}
          issues={checked?.issues ?? {}}
          serverIssues={serverIssues}
          prefs={preferences}
          onChange={(name, value) => {
            form.setFieldValue(`values.${name}`, value);
            setSaved(null);
          }}
        />
      )}
      {type === 'bs' && (
        <Radio.Group
          {...field('meal')}
          label={t('meal.label')}
          value={meal ?? ''}
          onChange={(value) => form.setFieldValue('meal', MEALS.find((m) => m === value) ?? null)}
          withAsterisk
        >
          <Group gap="lg" mt={6}>
            {MEALS.map((value) => (
              <Radio key={value} value={value} label={t(`meal.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {type && (
        <Textarea
          {...field('note')}
          label={t('form.note')}
          placeholder={t('form.notePlaceholder')}
          maxLength={500}
          rows={2}
        />
      )}
      <FormFailure text={failureText} />
      <Stack gap={6} align="flex-start">
        <Button
          type="submit"
          loading={submitting}
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
      {saved && <ReadingAdvice measurement={saved} />}
      </Stack>
    </form>
  );
}
