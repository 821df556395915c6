import { createContext } from 'react';
import type { VisitCall } from './visit-call';

export interface ActiveCallContextValue {
  /** The visit call running on this device, if any, and the screen it runs on (path and query). */
  call: VisitCall | null;
  screenPath: string | null;
  setCall: (call: VisitCall | null, screenPath: string | null) => void;
  /** Show the main stream in a picture-in-picture window (it keeps playing elsewhere in the app). */
  enterPictureInPicture: (stream: MediaStream) => Promise<void>;
  exitPictureInPicture: () => Promise<void>;
}

export const ActiveCallContext = createContext<ActiveCallContextValue | null>(null);
