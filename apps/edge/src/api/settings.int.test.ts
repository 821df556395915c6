import { randomUUID } from 'node:crypto';
import { errorLogs, measurements, sessions } from '@opencare/api/db/schema';
import { DEFAULT_SETTINGS, SETTINGS_AREAS } from '@opencare/schemas/entities/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let admin: string;
const OTHER_ROLES = ['physician', 'nurse', 'assistant', 'patient', 'caregiver'] as const;
const others: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestEdge();
  admin = (await t.login('admin')).token;
  for (const name of OTHER_ROLES) others[name] = (await t.login(name)).token;
});
afterAll(() => t.close());

const patch = (area: string, body: unknown, token = admin) => t.call('PATCH', `/api/v1/settings/${area}`, { token, body });

let userCount = 0;
/** A new user of the demo clinic, created by the admin. */
async function createUser(role: 'Patient' | 'Nurse', accountType: 'pat' | 'prov', password = 'Welc0me!now') {
  userCount += 1;
  const username = `settings${role.toLowerCase()}${userCount}`;
  return t.call('POST', '/api/v1/users', {
    token: admin,
    body: { username, email: `${username}@example.org`, password, role, accountType, profile: { firstName: 'Sam', lastName: `Case${userCount}` } },
  });
}

describe('system settings', () => {
  it('starts every area at its defaults, with the organisation name from the organisation', async () => {
    const all = await t.call('GET', '/api/v1/settings', { token: admin });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.data).sort()).toEqual([...SETTINGS_AREAS].sort());
    expect(all.body.data.telemedicine).toEqual(DEFAULT_SETTINGS.telemedicine);
    expect(all.body.data.organization).toMatchObject({ name: 'Demo Clinic', timezone: 'America/New_York', logo: null });
  });

  it('saves a change to some fields of an area and keeps the others', async () => {
    const saved = await patch('reportingAndAnalytics', { adherenceTargetPercent: 90 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...DEFAULT_SETTINGS.reportingAndAnalytics, adherenceTargetPercent: 90 });
    expect((await t.call('GET', '/api/v1/settings/reportingAndAnalytics', { token: admin })).body.data.adherenceTargetPercent).toBe(90);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['organization', { name: '' }, 'name', 'This field is required.'],
    ['organization', { timezone: 'Mars/Olympus' }, 'timezone', 'Choose a valid time zone.'],
    ['organization', { logo: 'data:text/html;base64,PGI+' }, 'logo', 'Upload a PNG, JPEG, WebP or SVG image.'],
    ['organization', { logo: `data:image/png;base64,${'A'.repeat(140_000)}` }, 'logo', 'The logo must be 100 KB or smaller.'],
    ['organization', { contactEmail: 'not-an-email' }, 'contactEmail', 'Enter a valid e-mail address.'],
    ['security', { sessionTimeoutMinutes: 2 }, 'sessionTimeoutMinutes', ''],
    ['security', { passwordMinLength: 6 }, 'passwordMinLength', ''],
    ['telemedicine', { defaultCallEngine: 'skype' }, 'defaultCallEngine', ''],
    ['telemedicine', { joinEarlyMinutes: 61 }, 'joinEarlyMinutes', ''],
    ['telemedicine', { endWarningMinutes: 0 }, 'endWarningMinutes', ''],
    ['telemedicine', { admitRequired: 'yes' }, 'admitRequired', ''],
    ['appointmentManagement', { slotStepMinutes: 7 }, 'slotStepMinutes', ''],
    ['appointmentManagement', { workdayStart: '8am' }, 'workdayStart', 'Enter a time as HH:MM (24-hour).'],
    ['appointmentManagement', { workdayStart: '18:00' }, 'workdayEnd', 'The working day must end after it starts.'],
    ['appointmentManagement', { workingDays: [] }, 'workingDays', 'Choose at least one working day.'],
    ['patientManagement', { mrnPrefix: 'mrn ' }, 'mrnPrefix', 'Use 1 to 10 capital letters, digits or hyphens.'],
    ['patientManagement', { taskOverdueMinutes: 0 }, 'taskOverdueMinutes', ''],
    ['patientManagement', { readingAdvice: { bp: { high: 'x'.repeat(501) } } }, 'readingAdvice.bp.high', 'Advice must be at most 500 characters.'],
    ['patientManagement', { readingAdvice: { bp: { high: '   ' } } }, 'readingAdvice.bp.high', 'This field is required.'],
    ['patientManagement', { readingAdvice: { camera: { high: 'Take another photo.' } } }, 'readingAdvice', 'Unknown field: camera.'],
    ['patientManagement', { readingAdvice: { bp: { normal: 'Well done.' } } }, 'readingAdvice.bp', 'Unknown field: normal.'],
    ['system', { defaultLanguage: 'fr' }, 'defaultLanguage', ''],
    ['systemManagement', { errorLogRetentionDays: 0 }, 'errorLogRetentionDays', ''],
    ['reportingAndAnalytics', { reportPeriodDays: 14 }, 'reportPeriodDays', ''],
    // The days are the codes table's now (issue 19): the area keeps no minimum of its own.
    ['billingAndPayments', { rpmMinimumDays: 15 }, '(body)', 'Unknown field: rpmMinimumDays.'],
    ['billingAndPayments', { surprise: true }, '(body)', 'Unknown field: surprise.'],
  ];
  it.each(invalid)('refuses a bad %s value %j with a field message, and saves nothing', async (area, body, field, message) => {
    const before = (await t.call('GET', `/api/v1/settings/${area}`, { token: admin })).body.data;
    const res = await patch(area, body);
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('validationFailed');
    const issue = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(issue, JSON.stringify(res.body.errors)).toBeDefined();
    if (message) expect(issue.message).toBe(message);
    expect((await t.call('GET', `/api/v1/settings/${area}`, { token: admin })).body.data).toEqual(before);
  });

  it('refuses an area that does not exist and a body that is not an object', async () => {
    expect((await t.call('GET', '/api/v1/settings/weather', { token: admin })).status).toBe(400);
    expect((await patch('security', [1, 2])).status).toBe(400);
  });

  it('is for admins only; anyone else gets 403, no one signed out gets in', async () => {
    const adminOnly: [string, string, unknown?][] = [
      ['GET', '/api/v1/settings'],
      ['GET', '/api/v1/settings/security'],
      ['PATCH', '/api/v1/settings/security', { passwordMinLength: 9 }],
      ['GET', '/api/v1/reports/summary'],
      ['GET', '/api/v1/billing/rpm?month=2026-01'],
      ['GET', '/api/v1/system/status'],
    ];
    for (const [method, path, body] of adminOnly) {
      for (const name of OTHER_ROLES) {
        expect((await t.call(method, path, { token: others[name], body })).status, `${name} ${method} ${path}`).toBe(403);
      }
      expect((await t.call(method, path, { body })).status, `signed out ${method} ${path}`).toBe(401);
    }
    expect((await t.call('GET', '/api/v1/settings/security', { token: admin })).body.data.passwordMinLength).toBe(8);
  });

  it('tells everyone the public face of the clinic, and signed-in users what their app needs', async () => {
    const pub = await t.call('GET', '/api/v1/settings/public');
    expect(pub.body.data).toEqual({ organizationName: 'Demo Clinic', logo: null, defaultLanguage: 'en-US', passwordMinLength: 8 });
    expect((await t.call('GET', '/api/v1/settings/app')).status).toBe(401);
    const app = await t.call('GET', '/api/v1/settings/app', { token: others.patient });
    expect(app.body.data).toMatchObject({ organizationName: 'Demo Clinic', maintenanceMessage: null, timezone: 'America/New_York' });
  });
});

describe('settings take effect', () => {
  it('telemedicine: the engine and visit minutes reach every signed-in user; LiveKit falls back to Simple Peer when not configured', async () => {
    const before = await t.call('GET', '/api/v1/telemedicine/config', { token: others.patient });
    expect(before.body.data).toEqual({
      callEngine: 'simple-peer',
      configuredEngine: 'livekit',
      livekitAvailable: false,
      joinEarlyMinutes: 10,
      endWarningMinutes: 5,
      stayOrLeaveSeconds: 60,
      admitRequired: true,
    });
    await patch('telemedicine', { joinEarlyMinutes: 20, endWarningMinutes: 2, admitRequired: false });
    const after = await t.call('GET', '/api/v1/telemedicine/config', { token: others.physician });
    expect(after.body.data).toMatchObject({ joinEarlyMinutes: 20, endWarningMinutes: 2, admitRequired: false });
  });

  it('telemedicine: with LiveKit configured, the chosen engine is the one used', async () => {
    const withLivekit = await startTestEdge({
      env: { LIVEKIT_URL: 'wss://livekit.example.org', LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: 'a-secret-of-at-least-32-characters!' },
    });
    try {
      const token = (await withLivekit.login('admin')).token;
      expect((await withLivekit.call('GET', '/api/v1/telemedicine/config', { token })).body.data).toMatchObject({ callEngine: 'livekit', livekitAvailable: true });
      await withLivekit.call('PATCH', '/api/v1/settings/telemedicine', { token, body: { defaultCallEngine: 'simple-peer' } });
      expect((await withLivekit.call('GET', '/api/v1/telemedicine/config', { token })).body.data.callEngine).toBe('simple-peer');
    } finally {
      await withLivekit.close();
    }
  });

  it('appointments: slots follow the step, working hours, working days and time zone', async () => {
    // 2026-12-02 is a Wednesday; New York is 5 hours behind UTC in December.
    const day = await t.call('GET', '/api/v1/appointments/slots?date=2026-12-02', { token: others.patient });
    expect(day.body.data).toHaveLength(18);
    expect(day.body.data[0]).toEqual({ startsAt: '2026-12-02T13:00:00.000Z', time: '08:00', label: '08:00 AM' });
    expect(day.body.data.at(-1).label).toBe('04:30 PM');

    await patch('appointmentManagement', { slotStepMinutes: 45, workdayStart: '12:00', workdayEnd: '14:30', workingDays: [3] });
    const changed = await t.call('GET', '/api/v1/appointments/slots?date=2026-12-02', { token: others.nurse });
    expect(changed.body.data.map((s: { label: string }) => s.label)).toEqual(['12:00 PM', '12:45 PM', '01:30 PM']);
    // Thursday is no longer a working day.
    expect((await t.call('GET', '/api/v1/appointments/slots?date=2026-12-03', { token: others.nurse })).body.data).toEqual([]);
    // In July New York is 4 hours behind.
    const summer = await t.call('GET', '/api/v1/appointments/slots?date=2026-07-01', { token: admin });
    expect(summer.body.data[0].startsAt).toBe('2026-07-01T16:00:00.000Z');
    expect((await t.call('GET', '/api/v1/appointments/slots?date=2026-13-01', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/appointments/slots?date=2026-12-02')).status).toBe(401);
  });

  it('organization: the name is what invitations and the sign-in screen say', async () => {
    await patch('organization', { name: 'Riverside Care', contactEmail: 'desk@riverside.example.org' });
    expect((await t.call('GET', '/api/v1/settings/public')).body.data.organizationName).toBe('Riverside Care');
    const invited = await t.call('POST', '/api/v1/invitations', { token: admin, body: { email: 'newnurse@example.org', role: 'Nurse', accountType: 'prov' } });
    expect(invited.status).toBe(201);
    const mail = (await t.call('GET', '/api/v1/dev/outbox?to=newnurse@example.org', { token: admin })).body.data[0];
    expect(mail.text).toContain('Riverside Care');
    await patch('organization', { name: 'Demo Clinic' });
  });

  it('security: a longer password policy is enforced where passwords are set', async () => {
    await patch('security', { passwordMinLength: 12 });
    try {
      const short = await createUser('Nurse', 'prov', 'Sh0rt!pass');
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual([{ field: 'password', message: 'Use at least 12 characters.' }]);
      expect((await t.call('GET', '/api/v1/settings/public')).body.data.passwordMinLength).toBe(12);
      expect((await createUser('Nurse', 'prov', 'L0nger!password')).status).toBe(201);
    } finally {
      await patch('security', { passwordMinLength: 8 });
    }
  });

  it('security: a session unused for longer than the timeout must sign in again', async () => {
    const { cookie, body } = await t.login('nurse');
    const sessionId = (await t.edge.database.db.select({ id: sessions.id }).from(sessions).orderBy(sessions.createdAt)).at(-1)?.id ?? '';
    const refresh = () => t.call('POST', '/api/v1/auth/refresh', { headers: { cookie } });
    expect(body.data.username).toBe('nurse');
    await patch('security', { sessionTimeoutMinutes: 5 });
    try {
      await t.edge.database.db.update(sessions).set({ lastUsedAt: new Date(Date.now() - 6 * 60_000) }).where(eq(sessions.id, sessionId));
      const res = await refresh();
      expect(res.status).toBe(401);
      expect(res.body.key).toBe('sessionExpired');
    } finally {
      await patch('security', { sessionTimeoutMinutes: DEFAULT_SETTINGS.security.sessionTimeoutMinutes });
    }
  });

  it('patient management: new patients get the organisation\'s MRN prefix', async () => {
    await patch('patientManagement', { mrnPrefix: 'RC-' });
    const created = await createUser('Patient', 'pat');
    expect(created.status).toBe(201);
    const accountId = created.body.data.accounts[0].id;
    const profile = await t.call('GET', `/api/v1/accounts/${accountId}/profile`, { token: admin });
    expect(profile.body.data.mrn).toMatch(/^RC-\d+$/);
    await patch('patientManagement', { mrnPrefix: 'MRN' });
  });

  it("patient management: the advice after an out-of-range reading reaches the clinic's patients, as the admin wrote it", async () => {
    const before = (await t.call('GET', '/api/v1/settings/app', { token: others.patient })).body.data.readingAdvice;
    // The demo clinic has written some.
    expect(before.bp.highest).toContain('call 911');
    const advice = { bp: { high: '  Measure again after 5 minutes of rest.  ' }, bs: { lowest: 'Eat 15 g of sugar.' } };
    expect((await patch('patientManagement', { readingAdvice: advice })).status).toBe(200);
    const app = await t.call('GET', '/api/v1/settings/app', { token: others.patient });
    // Stored trimmed, whole: what is left out is no advice.
    expect(app.body.data.readingAdvice).toEqual({ bp: { high: 'Measure again after 5 minutes of rest.' }, bs: { lowest: 'Eat 15 g of sugar.' } });
    await patch('patientManagement', { readingAdvice: before });
  });

  it('system: the maintenance message reaches every signed-in user, the default language the sign-in screen', async () => {
    await patch('system', { maintenanceMessage: 'Upgrade on Sunday 02:00-03:00.', defaultLanguage: 'es' });
    expect((await t.call('GET', '/api/v1/settings/app', { token: others.caregiver })).body.data.maintenanceMessage).toBe('Upgrade on Sunday 02:00-03:00.');
    expect((await t.call('GET', '/api/v1/settings/public')).body.data.defaultLanguage).toBe('es');
    await patch('system', { maintenanceMessage: null, defaultLanguage: 'en-US' });
    expect((await t.call('GET', '/api/v1/settings/app', { token: others.caregiver })).body.data.maintenanceMessage).toBeNull();
  });

  it('system management: error reports older than the retention are deleted as new ones arrive', async () => {
    const db = t.edge.database.db;
    const old = await db
      .insert(errorLogs)
      .values({ key: 'err_old', message: 'old', environment: {}, at: new Date(Date.now() - 3 * 86_400_000) })
      .returning({ id: errorLogs.id });
    await patch('systemManagement', { errorLogRetentionDays: 2 });
    const report = { key: 'err_network', message: 'Network error', environment: { userAgent: 'test' } };
    expect((await t.call('POST', '/api/v1/logs', { body: report })).status).toBe(201);
    expect(await db.select().from(errorLogs).where(eq(errorLogs.id, old[0]?.id ?? ''))).toEqual([]);
    const status = await t.call('GET', '/api/v1/system/status', { token: admin });
    expect(status.body.data).toMatchObject({ database: expect.stringMatching(/pglite|postgres/), smtp: false, livekit: false, errorLogEntries: 1 });
    expect(status.body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reporting: the figures cover the chosen period', async () => {
    const month = await t.call('GET', '/api/v1/reports/summary', { token: admin });
    expect(month.body.data).toMatchObject({ periodDays: 30, patientsWithReadings: 2 });
    expect(month.body.data.signIns).toBeGreaterThan(0);
    expect(month.body.data.usersByRole).toContainEqual({ role: 'Patient', count: expect.any(Number) });
    await patch('reportingAndAnalytics', { reportPeriodDays: 7 });
    const week = await t.call('GET', '/api/v1/reports/summary', { token: admin });
    expect(week.body.data.periodDays).toBe(7);
    expect(week.body.data.readings).toBeLessThan(month.body.data.readings);
    await patch('reportingAndAnalytics', { reportPeriodDays: 30 });
  });

  it('billing: days with readings per patient in a month, billable from code 99454\'s days, on the clinic\'s calendar', async () => {
    const db = t.edge.database.db;
    const a = (await createUser('Patient', 'pat')).body.data.accounts[0].id as string;
    const b = (await createUser('Patient', 'pat')).body.data.accounts[0].id as string;
    const organisationId = (await db.select({ o: measurements.organisationId }).from(measurements).limit(1))[0]?.o ?? '';
    const reading = (patientAccountId: string, takenAt: string) => ({
      id: randomUUID(),
      organisationId,
      patientAccountId,
      type: 'bp',
      values: { systolic: 120, diastolic: 80, pulse: 70 },
      takenAt: new Date(takenAt),
      source: 'gateway' as const,
    });
    const days = (n: number) => Array.from({ length: n }, (_, i) => `2025-03-${String(i + 2).padStart(2, '0')}T15:00:00Z`);
    await db.insert(measurements).values([
      ...days(16).map((at) => reading(a, at)),
      reading(a, '2025-03-02T18:00:00Z'), // a second reading on a day already counted
      ...days(15).map((at) => reading(b, at)),
      reading(b, '2025-03-01T03:00:00Z'), // still 28 February in New York
    ]);

    const summary = await t.call('GET', '/api/v1/billing/rpm?month=2025-03', { token: admin });
    expect(summary.status).toBe(200);
    const row = (id: string) => summary.body.data.patients.find((p: { patientAccountId: string }) => p.patientAccountId === id);
    expect(row(a)).toMatchObject({ daysWithReadings: 16, readings: 17, billable: true });
    expect(row(b)).toMatchObject({ daysWithReadings: 15, readings: 15, billable: false });
    expect(summary.body.data).toMatchObject({ rpmMinimumDays: 16, billablePatients: 1 });

    // The organisation moves 99454 to 15 days in its codes table: the summary follows.
    const codes = await t.call('GET', '/api/v1/billing-codes', { token: admin });
    const { id, code: _code, kind: _kind, ...code } = codes.body.data.find((c: { code: string }) => c.code === '99454');
    expect((await t.call('PUT', `/api/v1/billing-codes/${id}`, { token: admin, body: { ...code, minDays: 15 } })).status).toBe(200);
    const lower = await t.call('GET', '/api/v1/billing/rpm?month=2025-03', { token: admin });
    expect(lower.body.data).toMatchObject({ rpmMinimumDays: 15, billablePatients: 2 });
    expect((await t.call('GET', '/api/v1/billing/rpm?month=2025-3', { token: admin })).status).toBe(400);
    expect((await t.call('PUT', `/api/v1/billing-codes/${id}`, { token: admin, body: code })).status).toBe(200);
  });
});
