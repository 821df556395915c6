import { describe, expect, it } from 'vitest';
import { scopesAllow } from './smart-clients.service';

describe('scopesAllow', () => {
  it('reads v1 and v2 read scopes, for the type named or all', () => {
    expect(scopesAllow(['system/Observation.read'], 'Observation', 'search')).toBe(true);
    expect(scopesAllow(['system/Observation.rs'], 'Observation', 'read')).toBe(true);
    expect(scopesAllow(['system/Observation.r'], 'Observation', 'search')).toBe(false);
    expect(scopesAllow(['system/*.s'], 'Patient', 'search')).toBe(true);
    expect(scopesAllow(['system/Observation.read'], 'Patient', 'read')).toBe(false);
  });

  it('never counts a write, or letters a read scope does not have', () => {
    expect(scopesAllow(['system/Observation.cruds'], 'Observation', 'read')).toBe(false);
    expect(scopesAllow(['system/*.write'], 'Observation', 'read')).toBe(false);
  });

  it('counts only the contexts named: a backend token system scopes, an app token patient and user scopes', () => {
    expect(scopesAllow(['patient/*.read'], 'Observation', 'read')).toBe(false);
    expect(scopesAllow(['user/Observation.rs'], 'Observation', 'search')).toBe(false);
    expect(scopesAllow(['patient/*.read'], 'Observation', 'read', ['patient', 'user'])).toBe(true);
    expect(scopesAllow(['user/Observation.rs'], 'Observation', 'search', ['patient', 'user'])).toBe(true);
    expect(scopesAllow(['system/*.read'], 'Observation', 'read', ['patient', 'user'])).toBe(false);
    expect(scopesAllow(['launch/patient'], 'Patient', 'read', ['patient', 'user'])).toBe(false);
  });
});
