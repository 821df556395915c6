import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { analyticsQuerySchema } from './analytics';
import {
  patientSearchQuerySchema,
  patientSortOf,
  providerSearchQuerySchema,
  seriesQuerySchema,
  timelineQuerySchema,
  updatePatientCareInputSchema,
} from './patients';

describe('patientSearchQuerySchema', () => {
  it('pages 20 at a time by default and reads numbers from the query string', () => {
    expect(patientSearchQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(patientSearchQuerySchema.parse({ page: '3', pageSize: '50' })).toMatchObject({
      page: 3,
      pageSize: 50,
    });
  });

  it('trims criteria and drops empty ones, as an empty search box is no criterion', () => {
    expect(
      patientSearchQuerySchema.parse({ search: '  morgan ', name: '', mrn: ' ', dateOfBirth: '' }),
    ).toEqual({
      page: 1,
      pageSize: 20,
      search: 'morgan',
    });
  });

  it('takes a real date of birth, and refuses unknown fields and oversized pages', () => {
    expect(patientSearchQuerySchema.parse({ dateOfBirth: '1958-04-12' }).dateOfBirth).toBe('1958-04-12');
    expect(issues(patientSearchQuerySchema, { dateOfBirth: '1958-02-30' })).toEqual([
      ['dateOfBirth', 'Enter a date that exists.'],
    ]);
    expect(issues(patientSearchQuerySchema, { pageSize: '101' }).map(([field]) => field)).toEqual([
      'pageSize',
    ]);
    expect(issues(patientSearchQuerySchema, { order: 'name' })[0]?.[1]).toMatch(/order/);
  });

  it('sorts by a known column in a known direction, each column from its most useful end by default', () => {
    expect(patientSearchQuerySchema.parse({ sort: 'openAlerts', direction: 'asc' })).toMatchObject({
      sort: 'openAlerts',
      direction: 'asc',
    });
    expect(patientSortOf(patientSearchQuerySchema.parse({}))).toEqual({ sort: 'name', direction: 'asc' });
    expect(patientSortOf(patientSearchQuerySchema.parse({ sort: 'openAlerts' }))).toEqual({
      sort: 'openAlerts',
      direction: 'desc',
    });
    expect(patientSortOf({ sort: 'lastReading' }).direction).toBe('desc');
    expect(patientSortOf({ sort: 'adherence' }).direction).toBe('asc');
    expect(patientSortOf({ sort: 'name', direction: 'desc' })).toEqual({ sort: 'name', direction: 'desc' });
  });

  it('refuses an unknown column or direction, naming the field', () => {
    expect(issues(patientSearchQuerySchema, { sort: 'age' })).toEqual([
      ['sort', 'Sort by name, openAlerts, lastReading or adherence.'],
    ]);
    expect(issues(patientSearchQuerySchema, { sort: '' })).toEqual([
      ['sort', 'Sort by name, openAlerts, lastReading or adherence.'],
    ]);
    expect(issues(patientSearchQuerySchema, { sort: 'name', direction: 'up' })).toEqual([
      ['direction', 'The sort direction is asc or desc.'],
    ]);
  });
});

describe('providerSearchQuerySchema', () => {
  it('finds providers by name, specialty code and role', () => {
    expect(providerSearchQuerySchema.parse({ name: 'raman', specialty: '08', role: 'Physician' })).toEqual({
      page: 1,
      pageSize: 20,
      name: 'raman',
      specialty: '08',
      role: 'Physician',
    });
    expect(providerSearchQuerySchema.parse({ specialty: '', role: '' })).toEqual({ page: 1, pageSize: 20 });
    expect(issues(providerSearchQuerySchema, { specialty: '99' }).map(([field]) => field)).toEqual([
      'specialty',
    ]);
    expect(issues(providerSearchQuerySchema, { role: 'Admin' }).map(([field]) => field)).toEqual(['role']);
  });
});

describe('updatePatientCareInputSchema', () => {
  const provider = '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11';

  it('changes only the fields given, trimming entries and dropping repeats', () => {
    expect(updatePatientCareInputSchema.parse({})).toEqual({});
    expect(
      updatePatientCareInputSchema.parse({
        allergies: [' Penicillin ', 'Penicillin', 'Latex'],
        careTeam: [provider, provider],
        bloodType: 'AB-',
      }),
    ).toEqual({ allergies: ['Penicillin', 'Latex'], careTeam: [provider], bloodType: 'AB-' });
  });

  it('clears the primary provider and the blood type with null', () => {
    expect(updatePatientCareInputSchema.parse({ primaryProviderId: null, bloodType: null })).toEqual({
      primaryProviderId: null,
      bloodType: null,
    });
  });

  it('says which entry is wrong', () => {
    expect(issues(updatePatientCareInputSchema, { medications: ['Metformin 500 mg', ''] })).toEqual([
      ['medications.1', 'This field is required.'],
    ]);
    expect(issues(updatePatientCareInputSchema, { medicalHistory: ['x'.repeat(201)] })).toEqual([
      ['medicalHistory.0', 'Medical history must be at most 200 characters.'],
    ]);
    expect(issues(updatePatientCareInputSchema, { bloodType: 'C+' })).toEqual([
      ['bloodType', 'Choose a blood type.'],
    ]);
    expect(issues(updatePatientCareInputSchema, { careTeam: ['nobody'] })).toEqual([
      ['careTeam.0', 'Choose a provider.'],
    ]);
    expect(
      issues(updatePatientCareInputSchema, { allergies: Array.from({ length: 51 }, (_, i) => `a${i}`) }),
    ).toEqual([['allergies', 'Allergies may hold at most 50 entries.']]);
  });

  it('refuses fields a clinician does not set here', () => {
    expect(issues(updatePatientCareInputSchema, { mrn: 'MRN1' })[0]?.[1]).toMatch(/mrn/);
  });
});

describe('seriesQuerySchema', () => {
  it('needs a measurement code and takes an optional period', () => {
    expect(seriesQuerySchema.parse({ type: 'bp' })).toEqual({ type: 'bp' });
    expect(issues(seriesQuerySchema, { type: 'xx' }).map(([field]) => field)).toEqual(['type']);
    const period = { type: 'bt', from: '2026-01-01T00:00:00Z', to: '2026-01-31T00:00:00-05:00' };
    expect(seriesQuerySchema.parse(period)).toEqual(period);
  });

  it('refuses a period that ends before it starts or spans more than a year', () => {
    expect(
      issues(seriesQuerySchema, { type: 'bp', from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    ).toEqual([['from', 'The start must be before the end.']]);
    expect(
      issues(seriesQuerySchema, { type: 'bp', from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    ).toEqual([['from', 'A chart covers at most 366 days.']]);
    expect(issues(seriesQuerySchema, { type: 'bp', from: 'yesterday' }).map(([field]) => field)).toEqual([
      'from',
    ]);
  });
});

describe('timelineQuerySchema', () => {
  it('reads 20 events by default and at most 100', () => {
    expect(timelineQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(timelineQuerySchema.parse({ cursor: 'abc', limit: '5' })).toEqual({ cursor: 'abc', limit: 5 });
    expect(issues(timelineQuerySchema, { limit: '0' }).map(([field]) => field)).toEqual(['limit']);
    expect(issues(timelineQuerySchema, { limit: '101' }).map(([field]) => field)).toEqual(['limit']);
  });
});

describe('analyticsQuerySchema', () => {
  it('takes calendar days, both included, up to a year', () => {
    expect(analyticsQuerySchema.parse({})).toEqual({});
    expect(analyticsQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(issues(analyticsQuerySchema, { from: '2025-01-01', to: '2026-01-02' })).toEqual([
      ['from', 'Analytics covers at most 366 days.'],
    ]);
    expect(issues(analyticsQuerySchema, { from: '2026-02-01', to: '2026-01-01' })).toEqual([
      ['from', 'The start must not be after the end.'],
    ]);
    expect(issues(analyticsQuerySchema, { from: '2026-13-01' }).map(([field]) => field)).toEqual(['from']);
  });
});
