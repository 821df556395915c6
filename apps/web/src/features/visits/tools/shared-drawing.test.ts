import { MAX_STROKE_POINTS } from '@opencare/schemas/socket-events';
import { describe, expect, it } from 'vitest';
import { SharedDrawing } from './shared-drawing';

const camera = { deviceId: 'patient-tab-01', source: 'camera' } as const;
const screen = { deviceId: 'patient-tab-01', source: 'screen' } as const;
const line = (x: number) => ({ color: '#fa5252', width: 4, points: [{ x, y: 0.5 }] });

describe('SharedDrawing', () => {
  it('keeps each stream’s lines apart, named by its device and source', () => {
    const drawing = new SharedDrawing('visit', 'physician-tab', null, () => undefined);
    drawing.act(camera, { kind: 'stroke', stroke: line(0.1) });
    expect(drawing.drawingOf(camera).strokes).toEqual([{ ...line(0.1), by: 'physician-tab' }]);
    expect(drawing.drawingOf(screen).strokes).toEqual([]);
    expect(drawing.drewOn(camera)).toBe(true);
    drawing.act(camera, { kind: 'clear' });
    expect(drawing.drawingOf(camera).strokes).toEqual([]);
  });

  it('thins a very long stroke before it is shown and sent', () => {
    const drawing = new SharedDrawing('visit', 'physician-tab', null, () => undefined);
    const points = Array.from({ length: 3000 }, (_, i) => ({ x: i / 2999, y: 0.5 }));
    drawing.act(camera, { kind: 'stroke', stroke: { color: '#fa5252', width: 4, points } });
    const [stroke] = drawing.drawingOf(camera).strokes;
    expect(stroke?.points).toHaveLength(MAX_STROKE_POINTS);
    expect([stroke?.points[0], stroke?.points.at(-1)]).toEqual([points[0], points[2999]]);
  });
});
