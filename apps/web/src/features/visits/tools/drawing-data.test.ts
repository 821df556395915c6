import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAWING,
  drawStrokes,
  extendStroke,
  startStroke,
  toSurfacePoint,
  undoStroke,
} from './drawing-data';

const box = { left: 100, top: 50, width: 400, height: 200 };

/** A 2D context that records the calls that matter for where lines land. */
function recordingContext() {
  const calls: string[] = [];
  const context = {
    beginPath: () => calls.push('begin'),
    moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
    lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
    arc: (x: number, y: number) => calls.push(`dot ${x},${y}`),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
  } as unknown as CanvasRenderingContext2D;
  return { context, calls };
}

describe('drawing data', () => {
  it('reads a pointer as a fraction of the surface, kept inside it', () => {
    expect(toSurfacePoint(300, 150, box)).toEqual({ x: 0.5, y: 0.5 });
    expect(toSurfacePoint(50, 400, box)).toEqual({ x: 0, y: 1 });
  });

  it('keeps strokes as points and undoes the last one', () => {
    let data = startStroke(EMPTY_DRAWING, { x: 0.1, y: 0.1 }, 'red');
    data = extendStroke(data, { x: 0.2, y: 0.2 });
    data = startStroke(data, { x: 0.5, y: 0.5 }, 'yellow');
    expect(data.strokes.map((s) => [s.color, s.points.length])).toEqual([
      ['red', 2],
      ['yellow', 1],
    ]);
    expect(undoStroke(data).strokes).toHaveLength(1);
    expect(undoStroke(undoStroke(undoStroke(data))).strokes).toEqual([]);
    expect(extendStroke(EMPTY_DRAWING, { x: 0, y: 0 })).toBe(EMPTY_DRAWING);
  });

  it('draws the same strokes in the same place of the picture at any size', () => {
    const data = extendStroke(startStroke(EMPTY_DRAWING, { x: 0.25, y: 0.5 }, 'red'), { x: 0.75, y: 0.5 });
    const small = recordingContext();
    drawStrokes(small.context, data.strokes, 400, 300);
    expect(small.calls).toEqual(['begin', 'move 100,150', 'line 300,150', 'stroke']);
    const large = recordingContext();
    drawStrokes(large.context, data.strokes, 800, 600);
    expect(large.calls).toEqual(['begin', 'move 200,300', 'line 600,300', 'stroke']);
  });

  it('draws a tap as a dot', () => {
    const { context, calls } = recordingContext();
    drawStrokes(context, startStroke(EMPTY_DRAWING, { x: 0.5, y: 0.5 }, 'red').strokes, 640, 480);
    expect(calls).toEqual(['begin', 'dot 320,240', 'fill']);
  });
});
