// @vitest-environment happy-dom
import { SMART_APP_SCOPES, type SmartConsent } from '@opencare/schemas/entities/smart-clients';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '../../i18n/messages-en-us-later';
import { messages as spanish } from '../../i18n/messages-es-later';
import { messages as arabic } from '../../i18n/messages-ar-later';
import { sessionStore } from '../../session/session-store';
import { patientRow } from '../patients/testing/render-patients';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, okList } from '../signup/testing/harness';
import { smartAuthorizeRoute } from './routes';
import { scopeKeyOf } from './scope-text';
import { leaveFor } from './smart-authorize-page';

const PATIENT_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const REQUEST = {
  response_type: 'code',
  client_id: '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
  redirect_uri: 'https://diary.example.org/cb',
  scope: 'launch/patient patient/Observation.rs patient/Patient.read',
  state: 'st-123',
  aud: 'http://localhost/fhir/R4',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};
const CONSENT: SmartConsent = {
  clientName: 'Pressure Diary',
  redirectOrigin: 'https://diary.example.org',
  scopes: ['launch/patient', 'patient/Observation.rs', 'patient/Patient.read'],
  patient: { id: PATIENT_ID, name: 'Pat Morgan' },
  choosePatient: false,
};

function renderConsent(request: Record<string, string> = REQUEST) {
  const account = makeAccount([ROLES.Patient], { accountType: { code: 'pat', description: 'Patient' } });
  return renderRoutes([smartAuthorizeRoute], `/authorize?${new URLSearchParams(request).toString()}`, { status: 'signed-in', user: makeUser([account]), account });
}

/** A physician's standalone launch asking for one patient's record: they choose the patient on the page. */
const CLINICIAN_REQUEST = { ...REQUEST, scope: 'launch/patient patient/*.read' };
const CHOOSE: SmartConsent = { ...CONSENT, clientName: 'Chart Viewer', scopes: ['launch/patient', 'patient/*.read'], patient: null, choosePatient: true };
// Two patients of the same name, told apart by MRN and date of birth.
const SAME_NAME = [
  patientRow({ accountId: '11111111-2222-4333-8444-555555555555', fullName: 'Pat Morgan', mrn: 'MRN500001', dateOfBirth: '1958-04-12' }),
  patientRow({ accountId: '66666666-7777-4888-8999-aaaaaaaaaaaa', fullName: 'Pat Morgan', mrn: 'MRN500002', dateOfBirth: '1971-09-30' }),
];

function renderClinicianConsent() {
  const account = makeAccount([ROLES.Physician], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes([smartAuthorizeRoute], `/authorize?${new URLSearchParams(CLINICIAN_REQUEST).toString()}`, { status: 'signed-in', user: makeUser([account]), account });
}

/** Type as a person does: Mantine takes a change to an input without focus for autofill. */
function typeIn(input: HTMLElement, text: string) {
  input.focus();
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  sessionStore.accessToken.clear();
  vi.restoreAllMocks();
});

describe('SMART app consent', () => {
  it('shows the app, what it will read in plain words and whose record, and Allow sends the browser back to the app', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { calls } = fakeFetch(({ path }) =>
      path === 'smartAuthorize.consent' ? ok(CONSENT) : path === 'smartAuthorize.decide' ? ok({ redirectTo: 'https://diary.example.org/cb?code=abc&state=st-123' }) : undefined,
    );
    renderConsent();
    const card = await screen.findByTestId('smart-consent');
    const plain = (text: string | null) => text?.replace(/[\u2068\u2069]/g, '');
    expect(plain(within(card).getByRole('heading', { level: 1 }).textContent)).toBe('Allow Pressure Diary to read your health information?');
    expect(plain(screen.getByTestId('smart-consent-patient').textContent)).toContain('Pat Morgan (you)');
    const items = within(screen.getByTestId('smart-consent-scopes')).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Your readings (blood pressure, glucose, weight and others)', 'Your name, date of birth and contact details']);
    expect(screen.getByTestId('smart-consent-origin').textContent).toContain('https://diary.example.org');
    // The request goes to the server as the app sent it.
    expect(calls.find((c) => c.path === 'smartAuthorize.consent')!.body).toEqual(REQUEST);

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://diary.example.org/cb?code=abc&state=st-123'));
    expect(calls.find((c) => c.path === 'smartAuthorize.decide')!.body).toEqual({ request: REQUEST, allow: true });
  });

  it('Deny tells the server, which sends the browser back with access_denied', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { calls } = fakeFetch(({ path }) =>
      path === 'smartAuthorize.consent' ? ok(CONSENT) : path === 'smartAuthorize.decide' ? ok({ redirectTo: 'https://diary.example.org/cb?error=access_denied&state=st-123' }) : undefined,
    );
    renderConsent();
    const deny = await screen.findByRole('button', { name: 'Deny' });
    deny.focus();
    fireEvent.click(deny);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://diary.example.org/cb?error=access_denied&state=st-123'));
    expect(calls.find((c) => c.path === 'smartAuthorize.decide')!.body).toEqual({ request: REQUEST, allow: false });
  });

  it('explains a request it cannot answer, and offers nothing to allow', async () => {
    fakeFetch(({ path }) => (path === 'smartAuthorize.consent' ? fail(400, 'smartAppUnknown', 'unknown app') : undefined));
    renderConsent();
    const error = await screen.findByTestId('smart-consent-error');
    expect(error.textContent).toContain('This app is not registered here');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it("asks a clinician to choose the patient, by name with MRN and date of birth, and sends the patient's id with Allow", async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'smartAuthorize.consent') return ok(CHOOSE);
      if (path === 'patients.list') return okList((body as { search?: string }).search === 'pat' ? SAME_NAME : []);
      if (path === 'smartAuthorize.decide') return ok({ redirectTo: 'https://diary.example.org/cb?code=abc&state=st-123' });
      return undefined;
    });
    renderClinicianConsent();
    const card = await screen.findByTestId('smart-consent');
    const plain = (text: string | null | undefined) => text?.replace(/[\u2068\u2069]/g, '');
    expect(plain(within(card).getByRole('heading', { level: 1 }).textContent)).toBe("Allow Chart Viewer to read a patient's health information?");
    // The patient's record, in the third person: it is not the clinician's own.
    expect(within(screen.getByTestId('smart-consent-scopes')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Everything in the patient's record: details, readings, devices, appointments and visits",
    ]);
    const allow = screen.getByRole('button', { name: 'Allow' });
    expect(allow.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('smart-consent-patient').textContent).toContain('choose the patient above');

    typeIn(within(card).getByLabelText(/^Which patient/), 'pat');
    // The search waits for a pause in typing, then offers both, told apart.
    await waitFor(() => expect(screen.queryAllByRole('option', { name: /^Pat Morgan/, hidden: true })).toHaveLength(2));
    expect(calls.some((c) => c.path === 'patients.list' && (c.body as { search?: string }).search === 'pat')).toBe(true);
    fireEvent.click(screen.getByRole('option', { name: /^Pat Morgan MRN500002 · 1971-09-30/, hidden: true }));
    await waitFor(() => expect(plain(screen.getByTestId('smart-consent-patient').textContent)).toBe('Whose record: Pat Morgan'));

    await waitFor(() => expect(allow.hasAttribute('disabled')).toBe(false));
    fireEvent.click(allow);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://diary.example.org/cb?code=abc&state=st-123'));
    expect(calls.find((c) => c.path === 'smartAuthorize.decide')!.body).toEqual({ request: CLINICIAN_REQUEST, allow: true, patientId: '66666666-7777-4888-8999-aaaaaaaaaaaa' });
  });

  it("shows the server's refusal of the patient on the picker, and Deny sends no patient", async () => {
    vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    let refuse = true;
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'smartAuthorize.consent') return ok(CHOOSE);
      if (path === 'patients.list') return okList(SAME_NAME);
      if (path !== 'smartAuthorize.decide') return undefined;
      if (refuse && (body as { allow: boolean }).allow) {
        return fail(400, 'validationFailed', 'Check the highlighted fields.', [{ field: 'patientId', message: 'Choose the patient this app may read.' }]);
      }
      return ok({ redirectTo: 'https://diary.example.org/cb?error=access_denied&state=st-123' });
    });
    renderClinicianConsent();
    const card = await screen.findByTestId('smart-consent');
    typeIn(within(card).getByLabelText(/^Which patient/), 'pat');
    fireEvent.click(await screen.findByRole('option', { name: /^Pat Morgan MRN500001/, hidden: true }));
    const allow = screen.getByRole('button', { name: 'Allow' });
    await waitFor(() => expect(allow.hasAttribute('disabled')).toBe(false));
    fireEvent.click(allow);
    expect(await within(card).findByText('Choose the patient whose record the app may read.')).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
    refuse = false;

    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'smartAuthorize.decide')).toHaveLength(2));
    expect(calls.filter((c) => c.path === 'smartAuthorize.decide')[1]!.body).toEqual({ request: CLINICIAN_REQUEST, allow: false });
  });

  it("names the patient a clinician opened the app from, as theirs to hand out, not as the clinician's own", async () => {
    fakeFetch(({ path }) =>
      path === 'smartAuthorize.consent' ? ok({ ...CONSENT, scopes: ['launch', 'patient/Observation.rs'], patient: { id: PATIENT_ID, name: 'Pat Morgan' } }) : undefined,
    );
    const account = makeAccount([ROLES.Physician], { accountType: { code: 'prov', description: 'Provider' } });
    renderRoutes([smartAuthorizeRoute], `/authorize?${new URLSearchParams({ ...REQUEST, scope: 'launch patient/Observation.rs', launch: 'xyz' }).toString()}`, {
      status: 'signed-in',
      user: makeUser([account]),
      account,
    });
    const patient = await screen.findByTestId('smart-consent-patient');
    expect(patient.textContent?.replace(/[\u2068\u2069]/g, '')).toBe('Whose record: Pat Morgan');
    expect(screen.queryByLabelText(/^Which patient/)).toBeNull();
    expect(within(screen.getByTestId('smart-consent-scopes')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "The patient's readings (blood pressure, glucose, weight and others)",
    ]);
    expect(screen.getByRole('button', { name: 'Allow' }).hasAttribute('disabled')).toBe(false);
  });

  it('says how long an app keeps its access: minutes, or while signed in with online_access (not listed as a read)', async () => {
    fakeFetch(({ path }) => (path === 'smartAuthorize.consent' ? ok(CONSENT) : undefined));
    const first = renderConsent();
    expect((await screen.findByTestId('smart-consent-duration')).textContent).toContain('Its access lasts a few minutes');
    first.unmount();
    fakeFetch(({ path }) => (path === 'smartAuthorize.consent' ? ok({ ...CONSENT, scopes: [...CONSENT.scopes, 'online_access'] }) : undefined));
    renderConsent({ ...REQUEST, scope: `${REQUEST.scope} online_access` });
    const duration = await screen.findByTestId('smart-consent-duration');
    expect(duration.textContent).toBe('The app can only read: it cannot change or delete anything. It keeps its access while you stay signed in here; signing out ends it.');
    expect(within(screen.getByTestId('smart-consent-scopes')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('has plain words for every scope an app can be given, in every language', () => {
    const asked = SMART_APP_SCOPES.map(scopeKeyOf);
    expect(asked).not.toContain(null);
    // A clinician's one patient reads the patient scopes in the third person.
    const keys = [...asked, ...asked.filter((key) => key!.startsWith('patient.')).map((key) => key!.replace(/^patient\./, 'onePatient.'))];
    for (const locale of [english, spanish, arabic]) {
      for (const key of keys) {
        const text = key!.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], locale.smartAuthorize.scopes);
        expect(typeof text, key!).toBe('string');
      }
    }
  });
});
