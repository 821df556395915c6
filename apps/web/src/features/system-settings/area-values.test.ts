import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { describe, expect, it } from 'vitest';
import { areaPatch, draftOf, isDirty } from './area-values';

describe('area values', () => {
  const saved = DEFAULT_SETTINGS.organization;

  it('holds nulls as empty text and sends blank text back as null', () => {
    const draft = draftOf<'organization'>({ ...saved, contactEmail: 'desk@clinic.example' });
    expect(draft.contactPhone).toBe('');
    const { patch } = areaPatch(
      'organization',
      { ...saved, contactEmail: 'desk@clinic.example' },
      { ...draft, contactEmail: '  ' },
    );
    expect(patch).toEqual({ contactEmail: null });
  });

  it('sends only the fields that changed, as the schema reads them', () => {
    const draft = {
      ...draftOf<'organization'>(saved),
      name: '  Riverside Clinic ',
      contactEmail: 'Desk@Clinic.Example',
    };
    expect(isDirty(saved, draft)).toBe(true);
    expect(areaPatch('organization', saved, draft)).toEqual({
      errors: {},
      patch: { name: 'Riverside Clinic', contactEmail: 'desk@clinic.example' },
    });
  });

  it('sends nothing while a field is invalid', () => {
    const draft = { ...draftOf<'telemedicine'>(DEFAULT_SETTINGS.telemedicine), joinEarlyMinutes: '' };
    const { errors, patch } = areaPatch('telemedicine', DEFAULT_SETTINGS.telemedicine, draft);
    expect(patch).toBeNull();
    expect(Object.keys(errors)).toEqual(['joinEarlyMinutes']);
  });

  it('compares working days by value', () => {
    const appointments = DEFAULT_SETTINGS.appointmentManagement;
    const draft = { ...draftOf<'appointmentManagement'>(appointments), workingDays: [1, 2, 3, 4, 5] };
    expect(isDirty(appointments, draft)).toBe(false);
    expect(areaPatch('appointmentManagement', appointments, draft).patch).toEqual({});
  });
});
