import { Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EKG_WINDOW, ekgY } from './ekg-signal';

export interface EkgDisplayProps {
  /** A device's samples (mV at EKG_SAMPLE_RATE), newest last; absent while no device streams one. */
  samples?: number[];
}

const HEIGHT = 120;
const TRACE = '#2f9e44';

function drawTrace(canvas: HTMLCanvasElement, values: readonly number[]) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.clientWidth || 480;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = '#0b1a10';
  context.fillRect(0, 0, width, HEIGHT);
  // The ECG paper's large squares: 0.2 s across (the window is 4 s) and 0.5 mV up.
  context.strokeStyle = 'rgba(255, 255, 255, 0.08)';
  context.lineWidth = 1;
  for (let i = 1; i < 20; i += 1) {
    context.beginPath();
    context.moveTo((i * width) / 20, 0);
    context.lineTo((i * width) / 20, HEIGHT);
    context.stroke();
  }
  for (const mv of [-1, -0.5, 0, 0.5, 1]) {
    context.beginPath();
    context.moveTo(0, ekgY(mv, HEIGHT));
    context.lineTo(width, ekgY(mv, HEIGHT));
    context.stroke();
  }
  context.strokeStyle = TRACE;
  context.lineWidth = 1.5;
  context.beginPath();
  values.forEach((value, i) => {
    const x = (i / (EKG_WINDOW - 1)) * width;
    if (i === 0) context.moveTo(x, ekgY(value, HEIGHT));
    else context.lineTo(x, ekgY(value, HEIGHT));
  });
  context.stroke();
}

/**
 * The ekg display: a device's samples drawn as on ECG paper, the newest window of EKG_WINDOW_SECONDS.
 * No device streams one to a visit yet (gateway devices come with issue 7), and a clinical visit
 * shows no made-up trace: without samples the panel says plainly that no device is streaming.
 */
export function EkgDisplay({ samples }: EkgDisplayProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (canvas.current && samples) drawTrace(canvas.current, samples.slice(-EKG_WINDOW));
  }, [samples]);

  return (
    <Paper withBorder p="xs" radius="md" data-testid="ekg-display">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('tools.ekg.title')}
        </Text>
        {samples ? (
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('tools.ekg.label')}
            style={{ width: '100%', height: HEIGHT, display: 'block' }}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="ekg-no-device">
            {t('tools.ekg.noDevice')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
