import { useEffect, useMemo, useState } from 'react';
import { CSS_ZOOM, applyTrackZoom, trackZoom, trackZoomRange, zoomStep, type ZoomRange } from './zoom';

export type ZoomMode = 'camera' | 'screen';

/**
 * Zoom for the special camera: the camera's own zoom when its track offers one, else a CSS scale
 * of the video shown here. If the camera refuses a zoom, it falls back to the CSS scale.
 */
export function useSpcZoom(stream: MediaStream, video: HTMLVideoElement | null | undefined) {
  const track = stream.getVideoTracks()[0];
  const cameraRange = useMemo(() => trackZoomRange(track), [track]);
  const [refused, setRefused] = useState(false);
  const mode: ZoomMode = cameraRange && !refused ? 'camera' : 'screen';
  const range: ZoomRange = mode === 'camera' && cameraRange ? cameraRange : CSS_ZOOM;
  const [zoom, setZoom] = useState(() =>
    track && cameraRange ? trackZoom(track, cameraRange) : CSS_ZOOM.min,
  );

  useEffect(() => {
    if (mode !== 'screen' || !video) return;
    video.style.transform = zoom === 1 ? '' : `scale(${zoom})`;
    video.style.transformOrigin = 'center';
    return () => {
      video.style.transform = '';
    };
  }, [mode, video, zoom]);

  const change = (direction: 1 | -1) => {
    const next = zoomStep(zoom, direction, range);
    if (mode === 'camera' && track) {
      applyTrackZoom(track, next).then(
        () => setZoom(next),
        () => {
          setRefused(true);
          setZoom(zoomStep(CSS_ZOOM.min, direction === 1 ? 1 : -1));
        },
      );
      return;
    }
    setZoom(next);
  };

  return {
    zoom,
    mode,
    canZoomIn: zoom < range.max,
    canZoomOut: zoom > range.min,
    zoomIn: () => change(1),
    zoomOut: () => change(-1),
  };
}
