import { describe, expect, it } from 'vitest';
import { wrapStream, type StreamWrapper } from './stream-wrapper';
import {
  initialVisitState,
  mainStreamOf,
  visitReducer,
  type VisitAction,
  type VisitState,
} from './visit-state';

const fakeStream = (id: string, label = 'Integrated Camera') =>
  ({ id, getVideoTracks: () => [{ label }] }) as unknown as MediaStream;

const local = (id: string, label?: string) => wrapStream(fakeStream(id, label), { deviceId: 'mine-0001' });
const remote = (id: string) =>
  wrapStream(fakeStream(id), { deviceId: 'theirs-001', type: 'remote', fullName: 'Pat Morgan' });

const run = (...actions: VisitAction[]) => actions.reduce(visitReducer, initialVisitState);
const mains = (state: VisitState) => state.streams.filter((s) => s.isMainVideo).map((s) => s.id);
const added = (stream: StreamWrapper): VisitAction => ({ type: 'streamAdded', stream });

describe('the telehealth visit state', () => {
  it('starts with the defaults of spec §3: audio on, video muted, speaker on, no sharing, layout auto', () => {
    expect(initialVisitState.toggles).toEqual({
      muteAudio: false,
      muteVideo: true,
      muteSpeaker: false,
      shareScreen: false,
      dualCamera: false,
    });
    expect(initialVisitState.layout).toBe('auto');
    expect(initialVisitState.pictureInPicture).toBe(false);
    expect(initialVisitState.streams).toEqual([]);
  });

  it('a stream wrapper defaults to a local, unmuted video call, and knows the special camera by name', () => {
    const wrapper = local('cam');
    expect(wrapper).toMatchObject({
      type: 'local',
      isMainVideo: false,
      isVideoMuted: false,
      isVideoCall: true,
      isSpcCamera: false,
    });
    expect(local('spc', 'SPC Camera (0c45:6366)').isSpcCamera).toBe(true);
  });

  it('keeps exactly one main stream: the first is main, the first remote one takes over', () => {
    let state = run(added(local('cam')));
    expect(mains(state)).toEqual(['cam']);
    state = visitReducer(state, added(remote('pat')));
    expect(mains(state)).toEqual(['pat']);
    state = visitReducer(state, added(local('screen')));
    expect(mains(state)).toEqual(['pat']);
  });

  it('choosing another stream clears the previous main', () => {
    const state = run(added(local('cam')), added(remote('pat')), {
      type: 'selectMain',
      main: { kind: 'stream', id: 'cam' },
    });
    expect(mains(state)).toEqual(['cam']);
    expect(mainStreamOf(state)?.id).toBe('cam');
  });

  it('a custom main component (the ekg) clears the main stream, and hiding it gives the place back', () => {
    let state = run(added(local('cam')), added(remote('pat')), { type: 'ekg', visible: true });
    expect(mains(state)).toEqual([]);
    expect(state.main).toEqual({ kind: 'component', name: 'ekg' });
    state = visitReducer(state, { type: 'ekg', visible: false });
    expect(mains(state)).toEqual(['pat']);
  });

  it('when the main stream ends another takes its place', () => {
    const state = run(added(local('cam')), added(remote('pat')), { type: 'streamRemoved', id: 'pat' });
    expect(mains(state)).toEqual(['cam']);
  });

  it('toggles flip, or take the value given', () => {
    let state = run({ type: 'toggle', name: 'muteVideo' });
    expect(state.toggles.muteVideo).toBe(false);
    state = visitReducer(state, { type: 'toggle', name: 'shareScreen', value: true });
    expect(state.toggles.shareScreen).toBe(true);
    state = visitReducer(state, { type: 'toggle', name: 'shareScreen', value: true });
    expect(state.toggles.shareScreen).toBe(true);
  });

  it('a stream update cannot make a second main', () => {
    const state = run(added(local('cam')), added(remote('pat')), {
      type: 'streamUpdated',
      id: 'cam',
      changes: { isVideoMuted: true },
    });
    expect(mains(state)).toEqual(['pat']);
    expect(state.streams.find((s) => s.id === 'cam')?.isVideoMuted).toBe(true);
  });
  it('shows each link’s quality on its tile, and a sample that changes nothing renders nothing again', () => {
    const before = run(added(local('cam')), added(remote('their-cam')));
    // No link yet (the other device still connecting): nothing to show, the state stays as it was.
    const waiting = visitReducer(before, { type: 'quality', quality: { self: null, devices: {} } });
    expect(waiting).toBe(before);

    const good = { level: 'good' as const, roundTripMs: 40, lossPercent: 0, kbps: 900 };
    const measured = visitReducer(waiting, {
      type: 'quality',
      quality: { self: 'good', devices: { 'theirs-001': good } },
    });
    expect(measured.streams.find((s) => s.id === 'their-cam')?.linkQuality).toEqual(good);
    expect(measured.streams.find((s) => s.id === 'cam')?.linkQuality?.level).toBe('good');

    const again = visitReducer(measured, {
      type: 'quality',
      quality: { self: 'good', devices: { 'theirs-001': { ...good } } },
    });
    expect(again).toBe(measured);
    const slower = visitReducer(measured, {
      type: 'quality',
      quality: { self: 'good', devices: { 'theirs-001': { ...good, kbps: 300 } } },
    });
    expect(slower.streams.find((s) => s.id === 'their-cam')?.linkQuality?.kbps).toBe(300);
    // The local tile's own figure did not change: the same object, so its tile need not render.
    expect(slower.streams.find((s) => s.id === 'cam')).toBe(measured.streams.find((s) => s.id === 'cam'));
  });
});
