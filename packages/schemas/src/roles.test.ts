import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  ROLE_PERMISSIONS,
  ROUTE_ROLES,
  displayedRole,
  hasAnyRole,
  permissionsOf,
  roleNameOf,
  roleNameSchema,
  roleNames,
  rolesMapOf,
  rolesMapSchema,
} from './roles';

describe('ROLES (spec §3 roles map)', () => {
  it('holds exactly the seven roles with their numbers', () => {
    expect(ROLES).toEqual({
      Super: 0,
      User: 1,
      Admin: 100,
      Physician: 101,
      Nurse: 102,
      Assistant: 103,
      Patient: 104,
    });
    expect(roleNames).toEqual(['Super', 'User', 'Admin', 'Physician', 'Nurse', 'Assistant', 'Patient']);
  });

  it('gives every role a distinct number', () => {
    expect(new Set(Object.values(ROLES)).size).toBe(roleNames.length);
  });
});

describe('roleNameOf', () => {
  it.each(Object.entries(ROLES))('maps %s back from its number', (name, number) => {
    expect(roleNameOf(number)).toBe(name);
  });

  it.each([2, 99, 105, -1, 1.5, Number.NaN])('falls back to User for the unknown number %s', (number) => {
    expect(roleNameOf(number)).toBe('User');
  });
});

describe('roleNameSchema', () => {
  it('accepts every role name and nothing else (names are case-sensitive)', () => {
    for (const name of roleNames) expect(roleNameSchema.parse(name)).toBe(name);
    expect(roleNameSchema.safeParse('admin').success).toBe(false);
    expect(roleNameSchema.safeParse('Doctor').success).toBe(false);
    expect(roleNameSchema.safeParse(100).success).toBe(false);
  });
});

describe('permissionsOf', () => {
  it('lists the six permission levels of spec §6', () => {
    expect(PERMISSIONS).toEqual(['Read', 'Write', 'Update', 'Delete', 'Approve', 'Export']);
  });

  it('gives each single role exactly its table row, in the canonical order', () => {
    for (const name of roleNames) {
      expect(permissionsOf([ROLES[name]])).toEqual(
        PERMISSIONS.filter((p) => ROLE_PERMISSIONS[name].includes(p)),
      );
    }
  });

  it('lets a plain user, an unknown role and no role at all only read', () => {
    expect(permissionsOf([ROLES.User])).toEqual(['Read']);
    expect(permissionsOf([999])).toEqual(['Read']);
    expect(permissionsOf([])).toEqual(['Read']);
  });

  it('gives Super and Admin every permission', () => {
    expect(permissionsOf([ROLES.Super])).toEqual([...PERMISSIONS]);
    expect(permissionsOf([ROLES.Admin])).toEqual([...PERMISSIONS]);
  });

  it('keeps Delete for administrators, and patients (their own gateways and devices)', () => {
    for (const name of roleNames) {
      expect(ROLE_PERMISSIONS[name].includes('Delete')).toBe(name === 'Super' || name === 'Admin' || name === 'Patient');
    }
  });

  it('unites the permissions of several roles without duplicates', () => {
    expect(permissionsOf([ROLES.Assistant, ROLES.Physician])).toEqual([
      'Read',
      'Write',
      'Update',
      'Approve',
      'Export',
    ]);
    expect(permissionsOf([ROLES.Nurse, ROLES.Nurse, 999])).toEqual(['Read', 'Write', 'Update']);
  });
});

describe('ROUTE_ROLES', () => {
  it('groups the roles of the route guards', () => {
    expect(ROUTE_ROLES.patient).toEqual([104]);
    expect(ROUTE_ROLES.physicianOrNurse).toEqual([101, 102]);
    expect(ROUTE_ROLES.admin).toEqual([0, 100]);
    expect(ROUTE_ROLES.clinician).toEqual([101, 102, 103]);
  });
});

describe('hasAnyRole', () => {
  it('is true when any held role is allowed', () => {
    expect(hasAnyRole([ROLES.Patient], ROUTE_ROLES.patient)).toBe(true);
    expect(hasAnyRole([ROLES.User, ROLES.Nurse], ROUTE_ROLES.physicianOrNurse)).toBe(true);
    expect(hasAnyRole([ROLES.Super], ROUTE_ROLES.admin)).toBe(true);
  });

  it('is false when none is, or nothing is held or allowed', () => {
    expect(hasAnyRole([ROLES.Patient], ROUTE_ROLES.admin)).toBe(false);
    expect(hasAnyRole([ROLES.Assistant], ROUTE_ROLES.physicianOrNurse)).toBe(false);
    expect(hasAnyRole([], ROUTE_ROLES.patient)).toBe(false);
    expect(hasAnyRole([ROLES.Admin], [])).toBe(false);
  });
});

describe('displayedRole', () => {
  it('shows the single role in lower case', () => {
    expect(displayedRole({ Patient: 104 })).toBe('patient');
    expect(displayedRole({ Physician: 101 })).toBe('physician');
  });

  it('prefers a real role over User, and the highest-ranked (lowest number) of several', () => {
    expect(displayedRole({ User: 1, Patient: 104 })).toBe('patient');
    expect(displayedRole({ Nurse: 102, Admin: 100 })).toBe('admin');
    expect(displayedRole({ Admin: 100, Super: 0 })).toBe('super');
  });

  it('shows user when only User is held, or nothing at all', () => {
    expect(displayedRole({ User: 1 })).toBe('user');
    expect(displayedRole({})).toBe('user');
  });
});

describe('rolesMapOf', () => {
  it('maps each role number to its name', () => {
    expect(rolesMapOf([ROLES.Physician, ROLES.Admin])).toEqual({ Physician: 101, Admin: 100 });
  });

  it('gives an account without roles the User role', () => {
    expect(rolesMapOf([])).toEqual({ User: 1 });
  });

  it('maps an unknown number to User with User’s own number', () => {
    expect(rolesMapOf([999])).toEqual({ User: 1 });
    expect(rolesMapOf([ROLES.Nurse, 999])).toEqual({ Nurse: 102, User: 1 });
  });

  it('produces a map the wire schema accepts', () => {
    expect(rolesMapSchema.parse(rolesMapOf([0, 1, 100, 101, 102, 103, 104]))).toEqual(ROLES);
  });

  it('round-trips: the numbers of the map give back the same permissions', () => {
    const map = rolesMapOf([ROLES.Nurse]);
    expect(permissionsOf(Object.values(map))).toEqual(permissionsOf([ROLES.Nurse]));
  });
});

describe('rolesMapSchema', () => {
  it('accepts a partial map and rejects unknown role names', () => {
    expect(rolesMapSchema.safeParse({}).success).toBe(true);
    expect(rolesMapSchema.safeParse({ Patient: 104 }).success).toBe(true);
    expect(rolesMapSchema.safeParse({ Doctor: 101 }).success).toBe(false);
    expect(rolesMapSchema.safeParse({ Patient: '104' }).success).toBe(false);
  });
});
