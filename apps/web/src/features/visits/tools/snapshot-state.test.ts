import { describe, expect, it } from 'vitest';
import { addText, canUndo, extendPen, openSnapshot, replaceImage, startPen, undo } from './snapshot-state';

describe('snapshot editor state', () => {
  it('adds pen lines and text labels as marks', () => {
    let state = openSnapshot('data:image/png;base64,AAA');
    state = startPen(state, { x: 0.1, y: 0.1 }, 'red');
    state = extendPen(state, { x: 0.2, y: 0.3 });
    state = addText(state, { x: 0.5, y: 0.5 }, '  Lesion 2 cm  ', 'yellow', 6);
    expect(state.marks).toEqual([
      {
        kind: 'pen',
        color: 'red',
        width: expect.any(Number),
        points: [
          { x: 0.1, y: 0.1 },
          { x: 0.2, y: 0.3 },
        ],
      },
      { kind: 'text', color: 'yellow', size: 6, at: { x: 0.5, y: 0.5 }, text: 'Lesion 2 cm' },
    ]);
  });

  it('ignores an empty label', () => {
    const state = openSnapshot('a');
    expect(addText(state, { x: 0, y: 0 }, '   ', 'red', 6)).toBe(state);
  });

  it('undoes a whole pen line in one step, then labels, then crops', () => {
    let state = openSnapshot('original');
    state = startPen(state, { x: 0.1, y: 0.1 }, 'red');
    state = extendPen(state, { x: 0.2, y: 0.2 });
    state = extendPen(state, { x: 0.3, y: 0.3 });
    state = replaceImage(state, 'cropped');
    state = addText(state, { x: 0.5, y: 0.5 }, 'Here', 'red', 6);
    expect(state.image).toBe('cropped');
    expect(state.marks).toHaveLength(1);

    state = undo(state);
    expect(state).toMatchObject({ image: 'cropped', marks: [] });
    state = undo(state);
    expect(state.image).toBe('original');
    expect(state.marks).toHaveLength(1);
    expect(state.marks[0]).toMatchObject({
      kind: 'pen',
      points: [
        { x: 0.1, y: 0.1 },
        { x: 0.2, y: 0.2 },
        { x: 0.3, y: 0.3 },
      ],
    });
    state = undo(state);
    expect(state).toMatchObject({ image: 'original', marks: [] });
    expect(canUndo(state)).toBe(false);
    expect(undo(state)).toBe(state);
  });
});
