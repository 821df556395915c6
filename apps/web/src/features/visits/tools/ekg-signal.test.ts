import { describe, expect, it } from 'vitest';
import { ekgWindow, ekgY, heartRate, rPeaks } from './ekg-signal';
import { ecgMicrovolts } from './testing/ecg-samples';

const mv = (uv: number[]) => uv.map((v) => v / 1000);

describe('ekg scale', () => {
  it('shows four seconds of samples across the display, at the device’s rate', () => {
    expect(ekgWindow(130)).toBe(520);
    expect(ekgWindow(250)).toBe(1000);
  });

  it('maps millivolts to the display, clipped at its edges', () => {
    expect(ekgY(0, 120)).toBe(60);
    expect(ekgY(1.5, 120)).toBe(0);
    expect(ekgY(9, 120)).toBe(0);
    expect(ekgY(-9, 120)).toBe(120);
  });
});

describe('heart rate from R peaks', () => {
  it.each([48, 72, 90, 150])('reads %i bpm from a 130 Hz trace', (bpm) => {
    expect(heartRate(mv(ecgMicrovolts(4, 130, bpm)), 130)).toBe(bpm);
  });

  it('finds one R peak a beat, not the T waves nor the noise', () => {
    // 4 s at 60 bpm, the first R at 0.3 s: 0.3, 1.3, 2.3, 3.3.
    expect(rPeaks(mv(ecgMicrovolts(4, 250, 60)), 250)).toEqual([75, 325, 575, 825]);
  });

  it('gives no rate before three beats, nor from a flat line or noise', () => {
    expect(heartRate(mv(ecgMicrovolts(1.5, 130, 72)), 130)).toBeNull();
    expect(heartRate(Array.from({ length: 520 }, () => 0), 130)).toBeNull();
    expect(heartRate(mv(Array.from({ length: 520 }, (_, i) => Math.round(Math.sin(i) * 60))), 130)).toBeNull();
  });
});
