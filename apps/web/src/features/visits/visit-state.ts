import type { Visit } from '@opencare/schemas/entities/appointments';
import type { VisitCall, VisitParticipant } from '@opencare/schemas/entities/visits';
import type { CallQuality, LinkQuality } from './engines/link-quality';
import type { StreamWrapper } from './stream-wrapper';

/** The layouts of the call area: auto (default, spec §9) picks by the number of streams. */
export const LAYOUTS = ['auto', 'grid', 'spotlight'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface ActionToggles {
  muteAudio: boolean;
  muteVideo: boolean;
  muteSpeaker: boolean;
  shareScreen: boolean;
  dualCamera: boolean;
}

/** What takes the main place: a stream by id, or a custom component (the ekg display). */
export type MainSelection = { kind: 'stream'; id: string } | { kind: 'component'; name: 'ekg' } | null;

/** The telehealth visit state of spec §3 (the tools' own state lives with the tools). */
export interface VisitState {
  callEngine: VisitCall['engine'] | null;
  streams: StreamWrapper[];
  participants: VisitParticipant[];
  /** The LiveKit room's name, or null under Simple Peer. */
  room: string | null;
  toggles: ActionToggles;
  cameraStatus: 'idle' | 'starting' | 'on' | 'off' | 'failed';
  permissionDenied: boolean;
  technicalIssue: boolean;
  connecting: boolean;
  visit: Visit | null;
  pictureInPicture: boolean;
  visitStarted: boolean;
  visitPaused: boolean;
  layout: Layout;
  main: MainSelection;
  ekgSignal: boolean;
  /** This device paused its camera on a weak network; 'recovered' once the network is good again. */
  weakNetwork: 'videoPaused' | 'recovered' | null;
}

/** Spec §3 defaults: audio on, video muted (the camera is one click away), speaker on. */
export const INITIAL_TOGGLES: ActionToggles = {
  muteAudio: false,
  muteVideo: true,
  muteSpeaker: false,
  shareScreen: false,
  dualCamera: false,
};

export const initialVisitState: VisitState = {
  callEngine: null,
  streams: [],
  participants: [],
  room: null,
  toggles: INITIAL_TOGGLES,
  cameraStatus: 'idle',
  permissionDenied: false,
  technicalIssue: false,
  connecting: false,
  visit: null,
  pictureInPicture: false,
  visitStarted: false,
  visitPaused: false,
  layout: 'auto',
  main: null,
  ekgSignal: false,
  weakNetwork: null,
};

export type VisitAction =
  | { type: 'visitLoaded'; visit: Visit }
  | { type: 'connecting'; connecting: boolean }
  | { type: 'joined'; engine: VisitCall['engine']; room: string | null; participants: VisitParticipant[] }
  | { type: 'participants'; participants: VisitParticipant[] }
  | { type: 'cameraStatus'; status: VisitState['cameraStatus']; permissionDenied?: boolean }
  | { type: 'streamAdded'; stream: StreamWrapper }
  | { type: 'streamUpdated'; id: string; changes: Partial<Omit<StreamWrapper, 'id' | 'isMainVideo'>> }
  | { type: 'streamRemoved'; id: string }
  | { type: 'toggle'; name: keyof ActionToggles; value?: boolean }
  | { type: 'selectMain'; main: MainSelection }
  | { type: 'layout'; layout: Layout }
  | { type: 'pictureInPicture'; active: boolean }
  | { type: 'technicalIssue'; active: boolean }
  | { type: 'visitTimes'; startedAt: string | null; endedAt: string | null }
  | { type: 'ekg'; visible: boolean }
  | { type: 'quality'; quality: CallQuality }
  | { type: 'weakNetwork'; value: VisitState['weakNetwork'] }
  | { type: 'reset' };

/**
 * Exactly one main (spec §2): marks the chosen stream and clears every other. When the choice is
 * gone (its stream ended) the first remote stream, else the first stream, takes its place.
 */
function withMain(
  streams: StreamWrapper[],
  main: MainSelection,
): { streams: StreamWrapper[]; main: MainSelection } {
  let chosen = main;
  const chosenId = chosen?.kind === 'stream' ? chosen.id : null;
  if (chosenId !== null && !streams.some((s) => s.id === chosenId)) chosen = null;
  if (chosen === null && streams.length > 0) {
    const fallback = streams.find((s) => s.type === 'remote') ?? streams[0];
    chosen = fallback ? { kind: 'stream', id: fallback.id } : null;
  }
  const mainId = chosen?.kind === 'stream' ? chosen.id : null;
  return {
    main: chosen,
    streams: streams.map((s) =>
      s.isMainVideo === (s.id === mainId) ? s : { ...s, isMainVideo: s.id === mainId },
    ),
  };
}

export function visitReducer(state: VisitState, action: VisitAction): VisitState {
  switch (action.type) {
    case 'visitLoaded':
      return {
        ...state,
        visit: action.visit,
        visitStarted: action.visit.startedAt !== null && !action.visit.endedAt,
      };
    case 'connecting':
      return { ...state, connecting: action.connecting };
    case 'joined':
      return {
        ...state,
        connecting: false,
        callEngine: action.engine,
        room: action.room,
        participants: action.participants,
      };
    case 'participants':
      return { ...state, participants: action.participants };
    case 'cameraStatus':
      return {
        ...state,
        cameraStatus: action.status,
        permissionDenied: action.permissionDenied ?? state.permissionDenied,
      };
    case 'streamAdded': {
      const others = state.streams.filter((s) => s.id !== action.stream.id);
      // A first remote stream takes the main place from the local preview.
      const takeMain = action.stream.type === 'remote' && !state.streams.some((s) => s.type === 'remote');
      const main = takeMain && state.main?.kind !== 'component' ? null : state.main;
      return { ...state, ...withMain([...others, { ...action.stream, isMainVideo: false }], main) };
    }
    case 'streamUpdated':
      return {
        ...state,
        streams: state.streams.map((s) => (s.id === action.id ? { ...s, ...action.changes } : s)),
      };
    case 'streamRemoved':
      return {
        ...state,
        ...withMain(
          state.streams.filter((s) => s.id !== action.id),
          state.main,
        ),
      };
    case 'toggle':
      return {
        ...state,
        toggles: { ...state.toggles, [action.name]: action.value ?? !state.toggles[action.name] },
      };
    case 'selectMain':
      return { ...state, ...withMain(state.streams, action.main) };
    case 'layout':
      return { ...state, layout: action.layout };
    case 'pictureInPicture':
      return { ...state, pictureInPicture: action.active };
    case 'technicalIssue':
      return { ...state, technicalIssue: action.active };
    case 'visitTimes':
      return {
        ...state,
        visit: state.visit
          ? { ...state.visit, startedAt: action.startedAt, endedAt: action.endedAt }
          : state.visit,
        visitStarted: action.startedAt !== null && action.endedAt === null,
      };
    case 'ekg': {
      if (action.visible)
        return { ...state, ekgSignal: true, ...withMain(state.streams, { kind: 'component', name: 'ekg' }) };
      const main = state.main?.kind === 'component' ? null : state.main;
      return { ...state, ekgSignal: false, ...withMain(state.streams, main) };
    }
    case 'quality': {
      const { self, devices } = action.quality;
      const own = self ? { level: self, roundTripMs: null, lossPercent: null, kbps: null } : null;
      let changed = false;
      const streams = state.streams.map((s) => {
        const linkQuality = s.type === 'local' ? own : (devices[s.deviceId] ?? null);
        if (sameQuality(s.linkQuality, linkQuality)) return s;
        changed = true;
        return { ...s, linkQuality };
      });
      // A sample that changes nothing (no link yet) leaves the state as it was: nothing renders again.
      return changed ? { ...state, streams } : state;
    }
    case 'weakNetwork':
      return { ...state, weakNetwork: action.value };
    case 'reset':
      return { ...initialVisitState, layout: state.layout, visit: state.visit };
  }
}

/** The main stream, if a stream (not a component) is main. */
export function mainStreamOf(state: VisitState): StreamWrapper | undefined {
  return state.streams.find((s) => s.isMainVideo);
}

function sameQuality(a: LinkQuality | null, b: LinkQuality | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.level === b.level &&
    a.roundTripMs === b.roundTripMs &&
    a.lossPercent === b.lossPercent &&
    a.kbps === b.kbps
  );
}
