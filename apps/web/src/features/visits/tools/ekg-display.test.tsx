import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EkgDisplay } from './ekg-display';
import { renderTool } from './tools-testing';

describe('EkgDisplay', () => {
  it('says on screen that the trace is simulated when no device sends one', () => {
    renderTool(<EkgDisplay />);
    expect(screen.getByTestId('ekg-simulated').textContent).toBe('Simulated');
    expect(screen.getByRole('img', { name: "Simulated EKG waveform, not the patient's" })).toBeTruthy();
    expect(screen.getByText(/not the patient's signal/)).toBeTruthy();
  });

  it("shows a device's samples without the simulated label", () => {
    renderTool(<EkgDisplay samples={[0, 0.1, 1.2, -0.2, 0]} />);
    expect(screen.queryByTestId('ekg-simulated')).toBeNull();
    expect(screen.getByRole('img', { name: 'EKG waveform' })).toBeTruthy();
  });
});
