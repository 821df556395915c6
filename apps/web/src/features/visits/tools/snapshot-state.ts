import type { Point } from './drawing-data';

/**
 * The snapshot editor's document: the picture and the marks on it, as data. Marks are placed in
 * fractions of the picture, so they land on the same spot however large it is shown. Every change
 * keeps the state before it, so undo walks back through marks and crops alike.
 */
export type Mark =
  | { kind: 'pen'; color: string; /** fraction of the picture's width */ width: number; points: Point[] }
  | { kind: 'text'; color: string; /** % of the picture's height */ size: number; at: Point; text: string };

interface Page {
  /** The picture as a data URL; a crop replaces it with the cropped one, its marks baked in. */
  image: string;
  marks: Mark[];
}

export interface SnapshotState extends Page {
  past: Page[];
}

export const PEN_FRACTION = 0.006; // about 4 px on the default 640-wide canvas
const MAX_UNDO = 50;

export function openSnapshot(image: string): SnapshotState {
  return { image, marks: [], past: [] };
}

const remember = (state: SnapshotState): Page[] =>
  [...state.past, { image: state.image, marks: state.marks }].slice(-MAX_UNDO);

export function startPen(state: SnapshotState, at: Point, color: string): SnapshotState {
  return {
    ...state,
    past: remember(state),
    marks: [...state.marks, { kind: 'pen', color, width: PEN_FRACTION, points: [at] }],
  };
}

/** Adds a point to the pen line being drawn; part of the same undo step as its start. */
export function extendPen(state: SnapshotState, at: Point): SnapshotState {
  const last = state.marks.at(-1);
  if (last?.kind !== 'pen') return state;
  return { ...state, marks: [...state.marks.slice(0, -1), { ...last, points: [...last.points, at] }] };
}

export function addText(
  state: SnapshotState,
  at: Point,
  text: string,
  color: string,
  size: number,
): SnapshotState {
  const trimmed = text.trim();
  if (!trimmed) return state;
  return {
    ...state,
    past: remember(state),
    marks: [...state.marks, { kind: 'text', color, size, at, text: trimmed }],
  };
}

/** After a crop: the cropped picture, with the marks already drawn into it. */
export function replaceImage(state: SnapshotState, image: string): SnapshotState {
  return { image, marks: [], past: remember(state) };
}

export function undo(state: SnapshotState): SnapshotState {
  const previous = state.past.at(-1);
  if (!previous) return state;
  return { ...previous, past: state.past.slice(0, -1) };
}

export const canUndo = (state: SnapshotState) => state.past.length > 0;
export const isEdited = (state: SnapshotState) => state.past.length > 0;
