import { describe, expect, it } from 'vitest';
import {
  drawStrokes,
  pictureBox,
  thinPoints,
  undoStrokeBy,
  toSurfacePoint,
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

  it('draws the same strokes in the same place of the picture at any size', () => {
    const data = { strokes: [{ color: 'red', width: 4, points: [{ x: 0.25, y: 0.5 }, { x: 0.75, y: 0.5 }] }] };
    const small = recordingContext();
    drawStrokes(small.context, data.strokes, 400, 300);
    expect(small.calls).toEqual(['begin', 'move 100,150', 'line 300,150', 'stroke']);
    const large = recordingContext();
    drawStrokes(large.context, data.strokes, 800, 600);
    expect(large.calls).toEqual(['begin', 'move 200,300', 'line 600,300', 'stroke']);
  });

  it('draws a tap as a dot', () => {
    const { context, calls } = recordingContext();
    drawStrokes(context, [{ color: 'red', width: 4, points: [{ x: 0.5, y: 0.5 }] }], 640, 480);
    expect(calls).toEqual(['begin', 'dot 320,240', 'fill']);
  });

  it('undoes the last line of the device asking, not the last line of all', () => {
    const mine = { by: 'mine', color: 'red', width: 4, points: [{ x: 0.1, y: 0.1 }] };
    const theirs = { ...mine, by: 'theirs' };
    expect(undoStrokeBy({ strokes: [mine, theirs] }, 'mine').strokes).toEqual([theirs]);
    expect(undoStrokeBy({ strokes: [theirs] }, 'mine').strokes).toEqual([theirs]);
  });

  it('thins points evenly, keeping both ends', () => {
    const points = Array.from({ length: 5 }, (_, i) => ({ x: i / 4, y: 0 }));
    expect(thinPoints(points, 3)).toEqual([points[0], points[2], points[4]]);
    expect(thinPoints(points, 10)).toEqual(points);
  });

  it('finds the picture in its tile: overflowing it when covering, inside it when contained', () => {
    const tile = { width: 400, height: 400 };
    const picture = { width: 800, height: 400 };
    expect(pictureBox(tile, picture, 'cover')).toEqual({ left: -200, top: 0, width: 800, height: 400 });
    expect(pictureBox(tile, picture, 'contain')).toEqual({ left: 0, top: 100, width: 400, height: 200 });
    expect(pictureBox(tile, null, 'cover')).toEqual({ left: 0, top: 0, width: 400, height: 400 });
  });
});
