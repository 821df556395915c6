import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ekgWindow, ekgY, heartRate } from './ekg-signal';
import { useEkgStream, type EkgStream } from './use-ekg-stream';

export interface EkgDisplayProps {
  /** A device's samples now streaming (mV at its rate, newest last); null while no device streams one. */
  stream: EkgStream | null;
}

const HEIGHT = 120;
const TRACE = '#2f9e44';

/** The newest samples drawn from the right edge, so the trace scrolls left as new ones arrive. */
function drawTrace(canvas: HTMLCanvasElement, stream: EkgStream) {
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
  const span = ekgWindow(stream.sampleRate);
  const values = stream.samples.slice(-span);
  const offset = span - values.length;
  context.strokeStyle = TRACE;
  context.lineWidth = 1.5;
  context.beginPath();
  values.forEach((value, i) => {
    const x = ((offset + i) / (span - 1)) * width;
    if (i === 0) context.moveTo(x, ekgY(value, HEIGHT));
    else context.lineTo(x, ekgY(value, HEIGHT));
  });
  context.stroke();
}

/**
 * The ekg display: a device's samples drawn as on ECG paper, the newest EKG_WINDOW_SECONDS, with the
 * heart rate its R peaks give. A clinical visit shows no made-up trace: without a device streaming
 * one (or once its batches stop), the panel says plainly that no device is streaming.
 */
export function EkgDisplay({ stream }: EkgDisplayProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);
  const bpm = stream ? heartRate(stream.samples, stream.sampleRate) : null;

  useEffect(() => {
    if (canvas.current && stream) drawTrace(canvas.current, stream);
  }, [stream]);

  return (
    <Paper withBorder p="xs" radius="md" data-testid="ekg-display" data-streaming={stream ? 'true' : 'false'}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('tools.ekg.title')}
            </Text>
            {stream && (
              <Badge color="green" variant="light" size="sm">
                {t('tools.ekg.live')}
              </Badge>
            )}
          </Group>
          {stream && (
            <Text size="sm" aria-live="polite" data-testid="ekg-heart-rate">
              {t('tools.ekg.heartRate')}:{' '}
              <Text span fw={700}>
                {bpm === null ? t('tools.ekg.counting') : t('tools.ekg.bpm', { bpm })}
              </Text>
            </Text>
          )}
        </Group>
        {stream ? (
          // Time runs left to right on ECG paper, in every language.
          <canvas
            ref={canvas}
            role="img"
            dir="ltr"
            aria-label={t('tools.ekg.label')}
            data-testid="ekg-trace"
            data-samples={stream.samples.length}
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

/** The ekg display of a patient's live ECG, as their gateway streams it. */
export function LiveEkgDisplay({ patientId }: { patientId: string }) {
  return <EkgDisplay stream={useEkgStream(patientId)} />;
}
