import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EkgDisplay } from './ekg-display';
import { renderTool } from './tools-testing';

describe('EkgDisplay', () => {
  it('says plainly that no device is streaming, and draws no trace, when none sends one', () => {
    renderTool(<EkgDisplay />);
    expect(screen.getByTestId('ekg-no-device').textContent).toBe(
      'No EKG device is sending to this visit. A trace shows here only when a device sends one.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("draws a device's samples", () => {
    renderTool(<EkgDisplay samples={[0, 0.1, 1.2, -0.2, 0]} />);
    expect(screen.queryByTestId('ekg-no-device')).toBeNull();
    expect(screen.getByRole('img', { name: 'EKG waveform' })).toBeTruthy();
  });
});
