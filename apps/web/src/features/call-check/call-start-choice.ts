import { storedItem } from '../../session/stored-item';

/** Whether a video visit starts with the camera and the microphone on: chosen before joining, kept per device. */
export interface CallStartChoice {
  camera: boolean;
  microphone: boolean;
}

/** Spec §3's defaults: the microphone on, the camera off until the person turns it on. */
export const DEFAULT_CALL_START: CallStartChoice = { camera: false, microphone: true };

export const CALL_START_KEY = 'opencare.callStart';

const item = storedItem<CallStartChoice>('local', CALL_START_KEY, (raw) => {
  if (typeof raw !== 'object' || raw === null) return null;
  const { camera, microphone } = raw as Record<string, unknown>;
  return typeof camera === 'boolean' && typeof microphone === 'boolean' ? { camera, microphone } : null;
});

export function loadCallStart(): CallStartChoice {
  return item.get() ?? DEFAULT_CALL_START;
}

export function saveCallStart(choice: CallStartChoice): void {
  item.set(choice);
}
