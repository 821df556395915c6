import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUTS, type ActionToggles, type Layout } from '../visit-state';
import {
  AlertIcon,
  CameraIcon,
  CameraOffIcon,
  DualCameraIcon,
  HeartIcon,
  LayoutIcon,
  MicIcon,
  MicOffIcon,
  MoreIcon,
  PenIcon,
  PipIcon,
  ScreenIcon,
  SpeakerIcon,
  SpeakerOffIcon,
} from './call-icons';
import { ControlButton } from './control-button';

export interface CallControlsProps {
  toggles: ActionToggles;
  layout: Layout;
  drawing: boolean;
  ekg: boolean;
  pictureInPicture: boolean;
  canEnd: boolean;
  /** The chat's button (features/visits/chat), beside the other controls. */
  chat?: ReactNode;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
  onToggleSpeaker: () => void;
  onToggleScreen: () => void;
  onToggleDualCamera: () => void;
  onPictureInPicture: () => void;
  onLayout: (layout: Layout) => void;
  onToggleDrawing: () => void;
  onToggleEkg: () => void;
  onReportIssue: () => void;
  onLeave: () => void;
  onEnd: () => void;
}

/** The call's controls: the common ones as buttons, the rest in a menu; leave and end last. */
export const CallControls = memo(function CallControls(props: CallControlsProps) {
  const { t } = useTranslation('visits');
  const { toggles } = props;
  return (
    <Group
      justify="center"
      gap="sm"
      wrap="wrap"
      role="toolbar"
      aria-label={t('call.controls')}
      data-testid="call-controls"
    >
      <ControlButton
        label={toggles.muteAudio ? t('call.unmuteAudio') : t('call.muteAudio')}
        icon={toggles.muteAudio ? <MicOffIcon /> : <MicIcon />}
        pressed={toggles.muteAudio}
        onClick={props.onToggleAudio}
        testId="toggle-audio"
      />
      <ControlButton
        label={toggles.muteVideo ? t('call.startVideo') : t('call.stopVideo')}
        icon={toggles.muteVideo ? <CameraOffIcon /> : <CameraIcon />}
        pressed={toggles.muteVideo}
        onClick={props.onToggleVideo}
        testId="toggle-video"
      />
      <ControlButton
        label={toggles.muteSpeaker ? t('call.unmuteSpeaker') : t('call.muteSpeaker')}
        icon={toggles.muteSpeaker ? <SpeakerOffIcon /> : <SpeakerIcon />}
        pressed={toggles.muteSpeaker}
        onClick={props.onToggleSpeaker}
        testId="toggle-speaker"
      />
      <ControlButton
        label={toggles.shareScreen ? t('call.stopScreenShare') : t('call.shareScreen')}
        icon={<ScreenIcon />}
        pressed={toggles.shareScreen}
        onClick={props.onToggleScreen}
        testId="toggle-screen"
      />
      {props.chat}
      <MoreMenu
        toggles={toggles}
        layout={props.layout}
        drawing={props.drawing}
        ekg={props.ekg}
        pictureInPicture={props.pictureInPicture}
        onToggleDualCamera={props.onToggleDualCamera}
        onPictureInPicture={props.onPictureInPicture}
        onLayout={props.onLayout}
        onToggleDrawing={props.onToggleDrawing}
        onToggleEkg={props.onToggleEkg}
        onReportIssue={props.onReportIssue}
      />
      <Button
        color="red"
        variant="light"
        radius="xl"
        h={48}
        onClick={props.onLeave}
        data-testid="leave-visit"
      >
        {t('call.leave')}
      </Button>
      {props.canEnd && (
        <Button color="red" radius="xl" h={48} onClick={props.onEnd} data-testid="end-visit">
          {t('call.end')}
        </Button>
      )}
    </Group>
  );
});

type MoreMenuProps = Pick<
  CallControlsProps,
  | 'layout'
  | 'drawing'
  | 'ekg'
  | 'pictureInPicture'
  | 'onToggleDualCamera'
  | 'onPictureInPicture'
  | 'onLayout'
  | 'onToggleDrawing'
  | 'onToggleEkg'
  | 'onReportIssue'
> & { toggles: ActionToggles };

const moreButton = (label: string) =>
  ({ size: 48, radius: 'xl', variant: 'default', 'aria-label': label, 'data-testid': 'call-more' }) as const;

/**
 * The less common tools. Mantine's menu (its popover and positioning hooks) mounts at the first
 * press of the button and opens then: a closed one ran those hooks with every render of the
 * controls, the call's first among them (issue 18, call set-up).
 */
function MoreMenu(props: MoreMenuProps) {
  const { t } = useTranslation('visits');
  const [wanted, setWanted] = useState(false);
  if (wanted) return <OpenedMoreMenu {...props} />;
  return (
    <ActionIcon
      {...moreButton(t('call.more'))}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
    >
      <MoreIcon />
    </ActionIcon>
  );
}

function OpenedMoreMenu(props: MoreMenuProps) {
  const { t } = useTranslation('visits');
  const { toggles } = props;
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // It replaces the button that was pressed: focus the new one first, so closing the menu gives the
  // focus back to it, then open (as the account menu does).
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu opened={opened} onChange={setOpened} position="top" withArrow>
      <Menu.Target>
        <ActionIcon ref={target} {...moreButton(t('call.more'))}>
          <MoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<DualCameraIcon size={16} />}
          onClick={props.onToggleDualCamera}
          data-testid="toggle-dual-camera"
        >
          {toggles.dualCamera ? t('call.stopDualCamera') : t('call.dualCamera')}
        </Menu.Item>
        <Menu.Item
          leftSection={<PipIcon size={16} />}
          onClick={props.onPictureInPicture}
          data-testid="picture-in-picture"
        >
          {props.pictureInPicture ? t('call.exitPictureInPicture') : t('call.pictureInPicture')}
        </Menu.Item>
        <Menu.Item
          leftSection={<PenIcon size={16} />}
          onClick={props.onToggleDrawing}
          data-testid="toggle-drawing"
        >
          {props.drawing ? t('call.stopDrawing') : t('call.draw')}
        </Menu.Item>
        <Menu.Item leftSection={<HeartIcon size={16} />} onClick={props.onToggleEkg} data-testid="toggle-ekg">
          {props.ekg ? t('call.hideEkg') : t('call.showEkg')}
        </Menu.Item>
        <Menu.Label>
          <Group gap={6}>
            <LayoutIcon size={14} />
            {t('call.layout')}
          </Group>
        </Menu.Label>
        {LAYOUTS.map((layout) => (
          <Menu.Item
            key={layout}
            onClick={() => props.onLayout(layout)}
            aria-checked={props.layout === layout}
            role="menuitemradio"
            data-testid={`layout-${layout}`}
            fw={props.layout === layout ? 700 : undefined}
          >
            {t(`call.layouts.${layout}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<AlertIcon size={16} />}
          onClick={props.onReportIssue}
          data-testid="report-issue"
        >
          {t('call.reportIssue')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
