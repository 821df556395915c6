import { ROLES } from '@opencare/schemas/roles';
import { describe, expect, it } from 'vitest';
import { assertRoleFitsAccountType, canReadAccount, canWriteAccount, mayDo, requireRouteRole } from './access';
import type { AccountRef, Actor } from './actor';

const ORG = 'org-a';
const actor = (roles: number[], accountType: Actor['accountType'] = 'prov', userId = 'me', organisationId = ORG): Actor => ({
  userId,
  sessionId: 's',
  accountId: `${userId}-account`,
  organisationId,
  accountType,
  roles,
});
const account = (accountType: AccountRef['accountType'], roles: number[], userId = 'someone', organisationId = ORG): AccountRef => ({
  accountId: `${userId}-account`,
  userId,
  organisationId,
  accountType,
  roles,
});

const patient = actor([ROLES.Patient], 'pat', 'pat-1');
const otherPatient = account('pat', [ROLES.Patient], 'pat-2');
const ownAccount = account('pat', [ROLES.Patient], 'pat-1');
const physician = actor([ROLES.Physician]);
const assistant = actor([ROLES.Assistant]);
const admin = actor([ROLES.Admin]);
const outsideAdmin = actor([ROLES.Admin], 'prov', 'x', 'org-b');
const superUser = actor([ROLES.Super], 'prov', 'root', 'org-z');
const caregiver = actor([ROLES.User], 'car', 'car-1');

describe('record-level access', () => {
  it('a patient reads and writes only their own records', () => {
    expect(canReadAccount(patient, ownAccount)).toBe(true);
    expect(canWriteAccount(patient, ownAccount)).toBe(true);
    expect(canReadAccount(patient, otherPatient)).toBe(false);
    expect(canWriteAccount(patient, otherPatient)).toBe(false);
  });

  it('clinicians read the patients of their organisation only, and write none', () => {
    for (const clinician of [physician, assistant, actor([ROLES.Nurse])]) {
      expect(canReadAccount(clinician, otherPatient)).toBe(true);
      expect(canWriteAccount(clinician, otherPatient)).toBe(false);
      expect(canReadAccount(clinician, account('pat', [ROLES.Patient], 'far', 'org-b'))).toBe(false);
      expect(canReadAccount(clinician, account('car', [ROLES.User]))).toBe(false);
    }
  });

  it('admins manage their organisation; Super manages every organisation', () => {
    expect(canWriteAccount(admin, otherPatient)).toBe(true);
    expect(canReadAccount(outsideAdmin, otherPatient)).toBe(false);
    expect(canWriteAccount(outsideAdmin, otherPatient)).toBe(false);
    expect(canWriteAccount(superUser, otherPatient)).toBe(true);
  });

  it('a caregiver (role User) sees no one else', () => {
    expect(canReadAccount(caregiver, otherPatient)).toBe(false);
  });
});

describe('route-level and permission checks', () => {
  it('matches the route groups of spec §2', () => {
    expect(() => requireRouteRole(patient, 'patient')).not.toThrow();
    expect(() => requireRouteRole(physician, 'patient')).toThrow('Sorry, you do not have permission');
    expect(() => requireRouteRole(physician, 'physicianOrNurse')).not.toThrow();
    expect(() => requireRouteRole(assistant, 'physicianOrNurse')).toThrow();
    expect(() => requireRouteRole(admin, 'admin')).not.toThrow();
    expect(() => requireRouteRole(superUser, 'admin')).not.toThrow();
    expect(() => requireRouteRole(physician, 'admin')).toThrow();
  });

  it('an unknown role is a User, who may only read', () => {
    const stranger = actor([999]);
    expect(mayDo(stranger, 'Read')).toBe(true);
    expect(mayDo(stranger, 'Write')).toBe(false);
    expect(mayDo(actor([]), 'Update')).toBe(false);
    expect(mayDo(physician, 'Export')).toBe(true);
    expect(mayDo(assistant, 'Delete')).toBe(false);
  });

  it('an assistant reads and changes nothing; nurses do not export', () => {
    expect(mayDo(assistant, 'Read')).toBe(true);
    for (const p of ['Write', 'Update', 'Delete', 'Approve', 'Export'] as const) expect(mayDo(assistant, p), p).toBe(false);
    expect(mayDo(actor([ROLES.Nurse]), 'Export')).toBe(false);
  });

  it('refuses a role the account type does not allow, as a field error on role', () => {
    expect(() => assertRoleFitsAccountType('pat', 'Patient')).not.toThrow();
    expect(() => assertRoleFitsAccountType('prov', 'Physician')).not.toThrow();
    for (const [type, role] of [['pat', 'Physician'], ['pat', 'Admin'], ['prov', 'Patient'], ['car', 'Nurse'], ['ins', 'Patient']] as const) {
      expect(() => assertRoleFitsAccountType(type, role), `${type} ${role}`).toThrow(expect.objectContaining({ key: 'validationFailed' }));
    }
  });
});
