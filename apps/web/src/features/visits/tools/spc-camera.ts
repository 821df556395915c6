import { SPECIAL_CAMERA_NAME } from '@opencare/schemas/constants';

/** A camera is the special (SPC) camera when its label names it (spec §9), however it is cased. */
export function isSpcCamera(label: string | null | undefined): boolean {
  return typeof label === 'string' && label.toLowerCase().includes(SPECIAL_CAMERA_NAME.toLowerCase());
}

export const SNAPSHOT_TOOLS = ['pen', 'text', 'crop'] as const;
export type SnapshotTool = (typeof SNAPSHOT_TOOLS)[number];

export const MARK_COLORS = ['red', 'yellow', 'lime', 'deepskyblue', 'white', 'black'] as const;

/** Font sizes the text tool offers; a size N is N% of the image's height (6 → 29 px on 640×480). */
export const FONT_SIZE = { min: 2, max: 16, default: 6 } as const;

/** The special camera tool state of spec §3. */
export interface SpcToolState {
  activeTool: SnapshotTool;
  fontSize: number;
  fontColor: string;
  zoom: number;
  /** Whether the canvas controls (font size and colour) are shown. */
  canvasControls: boolean;
  snapshotEditor: boolean;
}

export const SPC_DEFAULTS: SpcToolState = {
  activeTool: 'text',
  fontSize: FONT_SIZE.default,
  fontColor: 'red',
  zoom: 1,
  canvasControls: true,
  snapshotEditor: false,
};
