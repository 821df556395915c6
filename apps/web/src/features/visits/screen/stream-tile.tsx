import { Avatar, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestRole } from '@opencare/schemas/entities/visits';
import type { StreamWrapper } from '../stream-wrapper';
import { MicOffIcon } from './call-icons';
import { QualityBars } from './quality-bars';

export interface StreamTileProps {
  wrapper: StreamWrapper;
  /** Choose this stream as the main one (absent on the main tile itself). */
  onSelect?: () => void;
  /** The video element, for picture-in-picture, capture and drawing. */
  videoRef?: (element: HTMLVideoElement | null) => void;
  height: number | string;
  /** What lies over the picture (the shared drawing), given how the picture is shown. */
  overlay?: (view: TileView) => ReactNode;
  /** A guest's role, after their name ("Amira Haddad · Interpreter"). */
  guestRole?: GuestRole | null;
  /** The clinician's actions on this person (remove a guest), in the tile's corner. */
  actions?: ReactNode;
}

/** How a tile shows its picture: the tile's size, the picture's own size, its fit and mirroring. */
export interface TileView {
  width: number;
  height: number;
  picture: { width: number; height: number } | null;
  fit: 'cover' | 'contain';
  mirrored: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * One stream: its video (always muted here; sound plays from the active-call provider), its
 * owner's name, and their initials when the camera is off. A local camera is mirrored like a mirror.
 */
export function StreamTile({ wrapper, onSelect, videoRef, height, overlay, guestRole, actions }: StreamTileProps) {
  const { t } = useTranslation('visits');
  const video = useRef<HTMLVideoElement | null>(null);
  const size = useElementSize();
  const [picture, setPicture] = useState<TileView['picture']>(null);
  const readPicture = () => {
    const element = video.current;
    if (element && element.videoWidth > 0) setPicture({ width: element.videoWidth, height: element.videoHeight });
  };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== wrapper.stream) element.srcObject = wrapper.stream;
    void element.play().catch(() => undefined);
  }, [wrapper.stream]);

  const person = wrapper.type === 'local' ? t('call.you', { name: wrapper.fullName }) : wrapper.fullName;
  const role = guestRole ? t(`guests.roles.${guestRole}`) : null;
  const name = role ? t('call.withRole', { name: person, role }) : person;
  const label = wrapper.isScreenShare ? t('call.screenOf', { name }) : name;
  // On a small tile the name gives way, not the guest's role (an interpreter stays one).
  const shown = wrapper.isScreenShare ? label : person;
  const mirror = wrapper.type === 'local' && !wrapper.isScreenShare;
  const fit = wrapper.isScreenShare ? 'contain' : 'cover';
  const body = (
    <Box
      ref={size.ref}
      pos="relative"
      h={height}
      bg="dark.8"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      data-testid={wrapper.type === 'local' ? 'local-stream' : 'remote-stream'}
      data-main={wrapper.isMainVideo}
      data-device={wrapper.deviceId}
    >
      <video
        ref={(element) => {
          video.current = element;
          videoRef?.(element);
        }}
        autoPlay
        playsInline
        muted
        onLoadedMetadata={readPicture}
        onResize={readPicture}
        style={{
          width: '100%',
          height: '100%',
          objectFit: fit,
          transform: mirror ? 'scaleX(-1)' : undefined,
          visibility: wrapper.isVideoMuted ? 'hidden' : 'visible',
        }}
      />
      {wrapper.isVideoMuted && (
        <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center' }}>
          <Avatar size="lg" radius="xl" color="blue">
            {initials(wrapper.fullName) || '?'}
          </Avatar>
        </Box>
      )}
      {overlay?.({ width: size.width, height: size.height, picture, fit, mirrored: mirror })}
      {wrapper.linkQuality && (
        <Box pos="absolute" top={6} style={{ insetInlineEnd: 6 }}>
          <QualityBars quality={wrapper.linkQuality} />
        </Box>
      )}
      <Group pos="absolute" bottom={6} left={6} right={6} gap={4} wrap="nowrap">
        <Badge variant="filled" color="dark" maw="100%" style={{ textTransform: 'none', minWidth: 0 }} data-testid="tile-name">
          <Text span size="xs" truncate>
            <bdi>{shown}</bdi>
          </Text>
        </Badge>
        {role && !wrapper.isScreenShare && (
          <Badge variant="filled" color="blue" style={{ textTransform: 'none', flexShrink: 0 }} data-testid="tile-role">
            {role}
          </Badge>
        )}
        {wrapper.isAudioMuted && (
          <Badge variant="filled" color="red" px={4} aria-label={t('call.micMuted')}>
            <MicOffIcon size={12} />
          </Badge>
        )}
      </Group>
    </Box>
  );
  const tile = onSelect ? (
    <UnstyledButton
      onClick={onSelect}
      aria-label={t('call.makeMain', { name: label })}
      w="100%"
      data-testid="select-main"
    >
      {body}
    </UnstyledButton>
  ) : (
    body
  );
  if (!actions) return tile;
  // Beside the tile's button, not in it: a button inside a button is neither valid nor reachable.
  return (
    <Box pos="relative">
      {tile}
      <Box pos="absolute" top={6} style={{ insetInlineStart: 6, zIndex: 2 }}>
        {actions}
      </Box>
    </Box>
  );
}
