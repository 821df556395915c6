import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EKG_WINDOW, ekgY, samplesDue, scrollWindow, simulatedSamples } from './ekg-signal';

export interface EkgDisplayProps {
  /** A device's samples (mV at EKG_SAMPLE_RATE), newest last. Without them a simulated trace is shown. */
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
 * An ekg signal display: a waveform scrolling at a fixed rate (EKG_SAMPLE_RATE, whatever the
 * screen's frame rate). No device delivers one yet (gateway devices come with issue 7), so without
 * samples it draws a simulated trace, labelled as such on screen.
 */
export function EkgDisplay({ samples }: EkgDisplayProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);
  const simulated = samples === undefined;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    if (!simulated) {
      drawTrace(element, samples.slice(-EKG_WINDOW));
      return;
    }
    let trace: number[] = [];
    let shown = 0;
    const started = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const due = samplesDue(now - started, shown);
      if (due > 0) {
        trace = scrollWindow(trace, simulatedSamples(shown, Math.min(due, EKG_WINDOW)));
        shown += due;
        drawTrace(element, trace);
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [simulated, samples]);

  return (
    <Paper withBorder p="xs" radius="md" data-testid="ekg-display">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('tools.ekg.title')}
          </Text>
          {simulated && (
            <Badge color="orange" variant="filled" data-testid="ekg-simulated">
              {t('tools.ekg.simulated')}
            </Badge>
          )}
        </Group>
        <canvas
          ref={canvas}
          role="img"
          aria-label={t(simulated ? 'tools.ekg.simulatedLabel' : 'tools.ekg.label')}
          style={{ width: '100%', height: HEIGHT, display: 'block' }}
        />
        {simulated && (
          <Text size="xs" c="dimmed">
            {t('tools.ekg.simulatedHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
