import { Box, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { LiveEkgDisplay } from '../tools/ekg-display';
import { SpcCameraTools } from '../tools/spc-camera-tools';
import type { SharedDrawing } from '../tools/shared-drawing';
import { StreamDrawing } from '../tools/stream-drawing';
import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import type { StreamWrapper } from '../stream-wrapper';
import type { Layout, MainSelection } from '../visit-state';
import { StreamTile, type StreamTileProps, type TileView } from './stream-tile';

interface CallStageProps {
  streams: StreamWrapper[];
  main: MainSelection;
  layout: Layout;
  drawing: { active: boolean; color: string };
  drawings: SharedDrawing;
  visitId: string;
  /** The visit's patient: the ekg shows their device's live ECG. */
  patientId: string;
  canSave: boolean;
  onSelectMain: (id: string) => void;
  onMainVideo: (element: HTMLVideoElement | null) => void;
  mainVideo: HTMLVideoElement | null;
  /** Who is in the visit: a guest's tile says their role. */
  participants: VisitParticipant[];
  /** The clinician's actions on a tile's person (remove a guest), if any. */
  tileActions?: (stream: StreamWrapper) => ReactNode;
}

/**
 * The streams in the chosen layout. Auto (the default) shows the main stream large with the others
 * in a strip, or a single stream alone; grid shows every stream the same size.
 */
export const CallStage = memo(function CallStage(props: CallStageProps) {
  const { streams, main, layout } = props;
  const phone = useMediaQuery('(max-width: 48em)');
  const mainStream = streams.find((s) => s.isMainVideo);
  // What every tile of a stream shows besides the picture: the guest's role, the clinician's actions.
  const about = (s: StreamWrapper) => ({
    guestRole: props.participants.find((p) => p.deviceId === s.deviceId)?.guestRole ?? null,
    actions: props.tileActions?.(s),
  });
  // Everyone's lines show on every tile; only the main one is drawn on.
  const overlay = (s: StreamWrapper) => (view: TileView) => (
    <StreamDrawing
      drawings={props.drawings}
      wrapper={s}
      view={view}
      active={s.isMainVideo && props.drawing.active}
      color={props.drawing.color}
    />
  );
  if (layout === 'grid' && main?.kind !== 'component') {
    return (
      <SimpleGrid
        cols={{ base: streams.length > 1 ? 2 : 1, md: Math.min(3, Math.max(1, streams.length)) }}
        data-testid="call-grid"
      >
        {streams.map((s) => (
          <StreamTile
            key={s.id}
            {...about(s)}
            wrapper={s}
            height={phone ? 180 : 300}
            videoRef={s.isMainVideo ? props.onMainVideo : undefined}
            overlay={overlay(s)}
            onSelect={s.isMainVideo ? undefined : () => props.onSelectMain(s.id)}
          />
        ))}
      </SimpleGrid>
    );
  }
  const others = streams.filter((s) => s !== mainStream);
  return (
    <Stack gap="sm" data-testid="call-spotlight">
      <MainArea
        {...props}
        stream={mainStream}
        about={mainStream && about(mainStream)}
        overlay={mainStream && overlay(mainStream)}
        // On a phone, with two or more in the strip, the main stream gives up room so every tile shows.
        tall={phone ? (others.length > 1 ? '30vh' : '45vh') : 'max(240px, calc(100dvh - 520px))'}
      />
      {others.length > 0 && (
        <Box style={{ display: 'flex', gap: 8, overflowX: 'auto' }} data-testid="call-strip">
          {others.map((s) => (
            <Box key={s.id} w={phone ? 120 : 200} style={{ flex: 'none' }}>
              <StreamTile
                {...about(s)}
                wrapper={s}
                height={phone ? 90 : 130}
                overlay={overlay(s)}
                onSelect={() => props.onSelectMain(s.id)}
              />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
});

/** The main place: the main stream with drawing over it and the special camera's tools, or the ekg. */
function MainArea(
  props: CallStageProps & {
    stream: StreamWrapper | undefined;
    tall: string;
    overlay?: (view: TileView) => ReactNode;
    about?: Pick<StreamTileProps, 'guestRole' | 'actions'>;
  },
) {
  if (props.main?.kind === 'component') {
    return (
      <Box data-testid="main-component">
        <LiveEkgDisplay patientId={props.patientId} />
      </Box>
    );
  }
  if (!props.stream) return null;
  return (
    <Stack gap="xs">
      <StreamTile {...props.about} wrapper={props.stream} height={props.tall} videoRef={props.onMainVideo} overlay={props.overlay} />
      {props.stream.isSpcCamera && (
        <SpcCameraTools
          stream={props.stream}
          video={props.mainVideo}
          visitId={props.visitId}
          canSave={props.canSave}
        />
      )}
    </Stack>
  );
}
