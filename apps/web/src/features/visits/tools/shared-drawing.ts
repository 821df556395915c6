import {
  MAX_STROKE_POINTS,
  type DrawingAction,
  type DrawnStream,
  type VisitDrawPayload,
} from '@opencare/schemas/socket-events';
import { emitWithAck } from '../../../realtime/emit-with-ack';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { EMPTY_DRAWING, thinPoints, undoStrokeBy, type DrawingData } from './drawing-data';

/** One stream's drawing, on every screen of the visit: its owner device and which of its streams. */
export const drawnStreamKey = (stream: DrawnStream) => `${stream.deviceId}:${stream.source}`;

/**
 * The drawings over a visit's streams, shared through the edge (visit:draw): what this device draws
 * shows here at once and goes to the others; what they draw arrives here. A stroke travels once,
 * when the pen lifts. Nothing is stored: the drawing lasts as long as the call.
 */
export class SharedDrawing {
  private drawings = new Map<string, DrawingData>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly visitId: string,
    private readonly selfDeviceId: string,
    private readonly socket: PeopleSocket | null,
    private readonly onLost: (error: unknown) => void,
  ) {}

  /** Hear the others' drawing; returns the unsubscribe. */
  listen(): () => void {
    const socket = this.socket;
    if (!socket) return () => undefined;
    const heard = (payload: VisitDrawPayload & { fromDeviceId: string }) => {
      if (payload.visitId === this.visitId) this.apply(payload.stream, payload.action, payload.fromDeviceId);
    };
    socket.on('visit:draw', heard);
    return () => socket.off('visit:draw', heard);
  }

  drawingOf = (stream: DrawnStream): DrawingData => this.drawings.get(drawnStreamKey(stream)) ?? EMPTY_DRAWING;

  /** This device has a line on the stream that its undo would take back. */
  drewOn(stream: DrawnStream): boolean {
    return this.drawingOf(stream).strokes.some((stroke) => stroke.by === this.selfDeviceId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** This device drew, undid or cleared: shown here and sent to everyone else in the visit. */
  act(stream: DrawnStream, action: DrawingAction): void {
    const sent: DrawingAction =
      action.kind === 'stroke'
        ? { kind: 'stroke', stroke: { ...action.stroke, points: thinPoints(action.stroke.points, MAX_STROKE_POINTS) } }
        : action;
    this.apply(stream, sent, this.selfDeviceId);
    if (!this.socket) return;
    emitWithAck(this.socket, 'visit:draw', { visitId: this.visitId, stream, action: sent }).catch(this.onLost);
  }

  private apply(stream: DrawnStream, action: DrawingAction, by: string) {
    const key = drawnStreamKey(stream);
    const current = this.drawingOf(stream);
    const next =
      action.kind === 'stroke'
        ? { strokes: [...current.strokes, { ...action.stroke, by }] }
        : action.kind === 'undo'
          ? undoStrokeBy(current, by)
          : EMPTY_DRAWING;
    this.drawings = new Map(this.drawings).set(key, next);
    for (const listener of this.listeners) listener();
  }
}
