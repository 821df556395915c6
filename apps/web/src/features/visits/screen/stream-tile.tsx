import { Avatar, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamWrapper } from '../stream-wrapper';
import { MicOffIcon } from './call-icons';
import { QualityBars } from './quality-bars';

interface StreamTileProps {
  wrapper: StreamWrapper;
  /** Choose this stream as the main one (absent on the main tile itself). */
  onSelect?: () => void;
  /** The video element, for picture-in-picture, capture and drawing. */
  videoRef?: (element: HTMLVideoElement | null) => void;
  height: number | string;
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
export function StreamTile({ wrapper, onSelect, videoRef, height }: StreamTileProps) {
  const { t } = useTranslation('visits');
  const video = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== wrapper.stream) element.srcObject = wrapper.stream;
    void element.play().catch(() => undefined);
  }, [wrapper.stream]);

  const name = wrapper.type === 'local' ? t('call.you', { name: wrapper.fullName }) : wrapper.fullName;
  const label = wrapper.isScreenShare ? t('call.screenOf', { name }) : name;
  const mirror = wrapper.type === 'local' && !wrapper.isScreenShare;
  const body = (
    <Box
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
        style={{
          width: '100%',
          height: '100%',
          objectFit: wrapper.isScreenShare ? 'contain' : 'cover',
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
      {wrapper.linkQuality && (
        <Box pos="absolute" top={6} style={{ insetInlineEnd: 6 }}>
          <QualityBars quality={wrapper.linkQuality} />
        </Box>
      )}
      <Group pos="absolute" bottom={6} left={6} right={6} gap={4} wrap="nowrap">
        <Badge variant="filled" color="dark" maw="100%" style={{ textTransform: 'none' }}>
          <Text span size="xs" truncate>
            <bdi>{label}</bdi>
          </Text>
        </Badge>
        {wrapper.isAudioMuted && (
          <Badge variant="filled" color="red" px={4} aria-label={t('call.micMuted')}>
            <MicOffIcon size={12} />
          </Badge>
        )}
      </Group>
    </Box>
  );
  if (!onSelect) return body;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-label={t('call.makeMain', { name: label })}
      w="100%"
      data-testid="select-main"
    >
      {body}
    </UnstyledButton>
  );
}
