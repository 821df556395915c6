// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { gateway, renderAsPatient } from './testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const macField = () => screen.getByRole('textbox', { name: /MAC number/ });
const codeField = () => screen.getByRole('textbox', { name: /Pairing code/ });
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add the gateway' }));
/** The field's own error text (Mantine ties it to the input with aria-describedby). */
function fieldError(input: HTMLElement) {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .find(
      (text) => /\S/.test(text) && !text.includes('12 digits and letters') && !text.includes('Shown beside'),
    );
}

/** A server that accepts any MAC and knows one gateway afterwards. */
function server(answer = () => ok(gateway({ status: 'pending' }), 201)) {
  return fakeFetch(({ path }) => {
    if (path === 'gateways.add') return answer();
    if (path === 'gateways.mine') return ok([gateway({ status: 'pending' })]);
    if (path === 'devices.mine') return ok([]);
    return undefined;
  });
}

describe('/gateways/setup', () => {
  it('says setup can take up to 20 minutes, and refuses a MAC without 12 digits before sending', async () => {
    const { calls } = server();
    renderAsPatient('/gateways/setup');
    expect(screen.getByTestId('setup-duration').textContent).toBe(
      'Setup can take up to 20 minutes. Keep the gateway plugged in.',
    );
    fireEvent.change(macField(), { target: { value: 'B8:27:EB:12:34' } });
    add();
    await waitFor(() => expect(fieldError(macField())).toBe('The MAC number must have 12 digits.'));
    expect(macField().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(macField()));
    expect(calls.filter((c) => c.path === 'gateways.add')).toHaveLength(0);
  });

  it('adds a gateway by its MAC typed with colons and its pairing code, with a name, and opens its page', async () => {
    const { calls } = server();
    const { router, account } = renderAsPatient('/gateways/setup');
    fireEvent.change(macField(), { target: { value: 'b8:27:eb:12:34:56' } });
    fireEvent.change(codeField(), { target: { value: 'k7q2-m9x4 ptrw' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Living room' } });
    add();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateways/Living%20room'));
    const post = calls.find((c) => c.path === 'gateways.add');
    expect(post?.body).toEqual({
      patientId: account.id,
      mac: 'B827EB123456',
      pairingCode: 'K7Q2M9X4PTRW',
      displayName: 'Living room',
    });
  });

  it('asks for the pairing code before sending a MAC without one, and for a code of 8 to 32 letters and digits', async () => {
    const { calls } = server();
    renderAsPatient('/gateways/setup');
    fireEvent.change(macField(), { target: { value: 'B827EB123456' } });
    add();
    await waitFor(() => expect(fieldError(codeField())).toBe('This field is required.'));
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(codeField(), { target: { value: 'K7Q' } });
    add();
    await waitFor(() =>
      expect(fieldError(codeField())).toBe('The pairing code must be 8 to 32 letters and digits.'),
    );
    expect(calls.filter((c) => c.path === 'gateways.add')).toHaveLength(0);
  });

  it('shows the one answer for an unknown MAC, a taken gateway or a wrong code under the code, marking both fields', async () => {
    const text =
      'No gateway is waiting to be added with this MAC number and pairing code. Check both on the gateway.';
    server(() => fail(404, 'macNotFound', text));
    const { router } = renderAsPatient('/gateways/setup');
    fireEvent.change(macField(), { target: { value: 'B827EB123456' } });
    fireEvent.change(codeField(), { target: { value: 'K7Q2M9X4PTRW' } });
    add();
    await waitFor(() => expect(fieldError(codeField())).toBe(text));
    expect(macField().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/gateways/setup');
    // Correcting the code answers the message, and the MAC is no longer marked.
    fireEvent.change(codeField(), { target: { value: 'K7Q2M9X4PTRX' } });
    await waitFor(() => expect(fieldError(codeField())).toBeUndefined());
    expect(macField().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('sends the MAC and pairing code of a QR code text pasted into the field', async () => {
    const { calls } = server();
    const { router, account } = renderAsPatient('/gateways/setup');
    fireEvent.change(macField(), { target: { value: 'OPENCARE-GW:B827EB123456:K7Q2M9X4P1' } });
    add();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/gateways/setup'));
    expect(calls.find((c) => c.path === 'gateways.add')?.body).toEqual({
      patientId: account.id,
      mac: 'B827EB123456',
      pairingCode: 'K7Q2M9X4P1',
    });
  });

  it('shows a pairing-code field error of the server under the code field', async () => {
    server(() =>
      fail(400, 'validationFailed', 'Some fields are not valid.', [
        { field: 'pairingCode', message: 'The pairing code must be 8 to 32 letters and digits.' },
      ]),
    );
    renderAsPatient('/gateways/setup');
    fireEvent.change(macField(), { target: { value: 'OPENCARE-GW:B827EB123456:K7Q2M9X4P1' } });
    add();
    await waitFor(() =>
      expect(fieldError(codeField())).toBe('The pairing code must be 8 to 32 letters and digits.'),
    );
  });

  it('offers the camera and a photo with ZXing’s reader where the browser has no BarcodeDetector', async () => {
    server();
    renderAsPatient('/gateways/setup');
    expect(await screen.findByRole('button', { name: 'Choose a photo of the QR code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeTruthy();
    expect(screen.queryByTestId('qr-unsupported')).toBeNull();
  });

  it('reads a photo of the QR code with the BarcodeDetector and sends its MAC and pairing code', async () => {
    const detect = vi.fn(() => Promise.resolve([{ rawValue: 'OPENCARE-GW:B827EB123456:K7Q2M9X4P1' }]));
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
      detect = detect;
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    const { calls } = server();
    const { router, account } = renderAsPatient('/gateways/setup');
    await screen.findByRole('button', { name: 'Choose a photo of the QR code' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const photo = new File(['png'], 'qr.png', { type: 'image/png' });
    fireEvent.change(input!, { target: { files: [photo] } });
    expect((await screen.findByTestId('qr-scanned')).textContent).toBe(
      'QR code read: gateway B8:27:EB:12:34:56. Check the name, then add it.',
    );
    expect(detect).toHaveBeenCalledWith(photo);
    expect((macField() as HTMLInputElement).value).toBe('B8:27:EB:12:34:56');
    expect((codeField() as HTMLInputElement).value).toBe('K7Q2M9X4P1');
    add();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateways/Living%20room'));
    expect(calls.find((c) => c.path === 'gateways.add')?.body).toEqual({
      patientId: account.id,
      mac: 'B827EB123456',
      pairingCode: 'K7Q2M9X4P1',
    });
  });

  it('says so when the scanned QR code is not a gateway’s', async () => {
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['qr_code']);
      detect = () => Promise.resolve([{ rawValue: 'https://example.org/' }]);
    }
    vi.stubGlobal('BarcodeDetector', FakeDetector);
    server();
    renderAsPatient('/gateways/setup');
    await screen.findByRole('button', { name: 'Choose a photo of the QR code' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input!, { target: { files: [new File(['png'], 'qr.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This QR code is not a gateway's code. Try again or type the MAC number and pairing code.",
    );
  });
});
