import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { TASK_PHASES, type DeviceProfile, type Vendor } from '@opencare/schemas/entities/devices';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { addTask, moveTask, removeTask, updateTask, type BuilderValues } from './builder-values';
import { LiveVersionNotice } from './live-version-notice';
import { ProfileBadges } from './profile-badges';
import { ProfileFields } from './profile-fields';
import { ProfileSwitcher } from './profile-switcher';
import type { TaskFocus } from './task-card';
import { TaskPhaseSection } from './task-phase-section';
import { useProfileBuilder } from './use-profile-builder';
import { useSaveBeforeLeaving } from './use-save-before-leaving';

interface ProfileBuilderProps {
  initial?: DeviceProfile;
  vendors: Vendor[];
  profiles: DeviceProfile[];
  onCreated?: (profile: DeviceProfile) => void;
}

/**
 * The device-profile builder: the profile's fields and its tasks in three ordered phases. "Save
 * draft" keeps the work, "Mark complete" makes it the next version gateways receive, "Finish later"
 * saves and returns to the list.
 *
 * Auto-save, the rule: the draft is saved before the admin switches away from it — when the Device
 * field is left with a different device, and before any navigation out of the builder (another
 * profile from the switcher, a link, "Finish later"). A draft that cannot be saved is never thrown
 * away silently: the problems are shown and, when leaving, the admin chooses to stay or to leave.
 */
export function ProfileBuilder({ initial, vendors, profiles, onCreated }: ProfileBuilderProps) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const errorText = useApiErrorText();
  const builder = useProfileBuilder({ initial, onCreated });
  const { profile, values, edit, errors, status, saveDraft, complete } = builder;
  const [focus, setFocus] = useState<{ key: string; target: TaskFocus } | null>(null);
  const clearFocus = useCallback(() => setFocus(null), []);
  const leaving = useSaveBeforeLeaving(
    builder.isDirty,
    useCallback(() => saveDraft({ leaving: true }), [saveDraft]),
  );

  const change = (changes: Partial<BuilderValues>) => edit((previous) => ({ ...previous, ...changes }));
  const busy = status !== 'idle';

  async function onSaveDraft() {
    if (await saveDraft())
      notify({ id: 'profile-saved', message: t('profiles.draftSaved'), tone: 'success' });
  }
  async function onFinishLater() {
    if (!builder.isDirty() || (await saveDraft({ leaving: true }))) void navigate(ROUTES.deviceProfileList);
  }
  async function onComplete() {
    const completed = await complete();
    if (!completed) return;
    notify({
      id: 'profile-complete',
      message: t('profiles.completed', { version: completed.version }),
      tone: 'success',
    });
    void navigate(pathTo('deviceProfileView', { deviceProfileId: completed.id }));
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        {profile ? <ProfileBadges profile={profile} /> : <span />}
        <ProfileSwitcher profiles={profiles} currentId={profile?.id} />
      </Group>
      <LiveVersionNotice profile={profile} />
      {builder.failure !== null && (
        <Alert color="red" role="alert" data-testid="builder-failure">
          {errorText(builder.failure)}
        </Alert>
      )}
      {builder.hasErrors && builder.failure === null && (
        <Alert color="red" role="alert">
          {t('profiles.fixMarked')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <ProfileFields
          values={values}
          errors={errors.profile}
          vendors={vendors}
          onChange={change}
          onDeviceCommitted={() => {
            if (values.device !== builder.savedDevice) void saveDraft();
          }}
        />
      </Paper>
      {TASK_PHASES.map((phase) => (
        <TaskPhaseSection
          key={phase}
          phase={phase}
          tasks={values.tasks.filter((task) => task.phase === phase)}
          errors={errors.tasks}
          onAdd={() => {
            const tasks = addTask(values.tasks, phase);
            const added = tasks.find((task) => !values.tasks.includes(task));
            edit((previous) => ({ ...previous, tasks }));
            if (added) setFocus({ key: added.key, target: 'first' });
          }}
          onChange={(key, changes) =>
            edit((previous) => ({ ...previous, tasks: updateTask(previous.tasks, key, changes) }))
          }
          onMove={(key, direction) => {
            edit((previous) => ({ ...previous, tasks: moveTask(previous.tasks, key, direction) }));
            setFocus({ key, target: direction === -1 ? 'up' : 'down' });
          }}
          onRemove={(key) => edit((previous) => ({ ...previous, tasks: removeTask(previous.tasks, key) }))}
          focus={focus}
          onFocused={clearFocus}
        />
      ))}
      {/* Kept in reach while scrolling through the tasks; on a phone it would hide half the screen. */}
      <Paper
        withBorder
        radius="md"
        p="md"
        pos={{ base: 'static', sm: 'sticky' }}
        bottom={0}
        style={{ zIndex: 2 }}
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="save-state">
            {status === 'saving'
              ? t('profiles.saving')
              : builder.dirty
                ? t('profiles.unsaved')
                : t('profiles.allSaved')}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => void onFinishLater()} disabled={busy}>
              {t('profiles.finishLater')}
            </Button>
            <Button
              variant="light"
              onClick={() => void onSaveDraft()}
              loading={status === 'saving'}
              disabled={busy}
            >
              {t('profiles.saveDraft')}
            </Button>
            <Button onClick={() => void onComplete()} loading={status === 'completing'} disabled={busy}>
              {t('profiles.markComplete')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal opened={leaving.saveFailed} onClose={leaving.stay} title={t('profiles.leave.title')} centered>
        <Stack>
          <Text>{t('profiles.leave.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={leaving.leaveWithoutSaving}>
              {t('profiles.leave.discard')}
            </Button>
            <Button onClick={leaving.stay} data-autofocus>
              {t('profiles.leave.stay')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
