import { apiSignIn } from './api-as';
import { expect, test } from './admin-page';
import { authenticator } from './authenticator';

/**
 * A nurse lost the phone with their authenticator: the admin resets their two-factor sign-in from
 * the user's page. The nurse's sessions end, and their password alone signs them in again (two-factor
 * is optional for nurses by default), so they can enrol a new phone in Settings → Security.
 */
test('an admin resets the two-factor sign-in of a nurse who lost their authenticator', async ({ adminPage: page, request }) => {
  const { token: adminToken } = await apiSignIn(request, 'admin');
  const username = `tfreset${Date.now().toString(36)}`;
  const password = 'Tw0!factor';
  const created = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { username, email: `${username}@example.org`, password, role: 'Nurse', accountType: 'prov', profile: { firstName: 'Nia', lastName: 'Reset' } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const signIn = () => request.post('/api/v1/auth/login', { data: { username, password } });

  // The nurse enrols an authenticator (as in Settings → Security), so their sign-in asks for a code.
  const nurseToken = (await signIn()).headers()['x-access-token'];
  const nurse = { authorization: `Bearer ${nurseToken}` };
  const setup = await request.post('/api/v1/auth/two-factor/setup', { headers: nurse });
  const app = authenticator(((await setup.json()) as { data: { secret: string } }).data.secret);
  expect((await request.post('/api/v1/auth/two-factor/confirm', { headers: nurse, data: { code: app.generate() } })).ok()).toBe(true);
  expect((await signIn()).headers()['x-access-token']).toBeUndefined();

  await page.goto(`/dashboard/user-management/users/${username}`);
  const details = page.getByTestId('user-details');
  await expect(details.getByText(/^On since/)).toBeVisible();
  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(dialog).toContainText('Nia Reset has lost their authenticator');
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.getByText('Two-factor sign-in is reset.', { exact: false })).toBeVisible();
  await expect(details.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset two-factor' })).toHaveCount(0);

  // Signed out everywhere, and the password alone signs in again.
  expect((await request.get('/api/v1/users/me', { headers: nurse })).status()).toBe(401);
  expect((await signIn()).headers()['x-access-token']).toBeTruthy();
});
