import { randomUUID } from 'node:crypto';
import { expect, test } from './admin-page';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { apiAs } from './api-as';

/**
 * The care team's alerts inbox and the admin's integration API keys, against a real edge. Other
 * spec files share the server and its database, so everything here is found by its own id or name,
 * never by a count.
 */


interface AlertDto {
  id: string;
  type: string;
  measurementId: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
}

test('a physician acknowledges an alert from the inbox', async ({ page, request }) => {
  // A fever reading of the second demo patient raises the alert. It is dated three hours back, so
  // specs that look for her newest reading do not find this one.
  const patient = await apiAs(request, 'patient2');
  const physician = await apiAs(request, 'physician');
  // One open alert per patient and type: an earlier fever alert of hers is resolved first, so this
  // reading opens its own.
  const earlier = await physician.get<AlertDto[]>(`/alerts?patient=${patient.accountId}&status=all&pageSize=100`);
  for (const alert of earlier.filter((a) => a.type === 'bt' && !a.resolvedAt)) await physician.patch(`/alerts/${alert.id}/resolve`, {});
  const takenAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
  const reading = await patient.post<{ id: string; rangeClass: string }>('/measurements', {
    type: 'bt',
    values: { temperature: 39.6 },
    note: 'Felt dizzy',
    takenAt,
  });
  expect(reading.rangeClass).toBe('highest');
  const open = await physician.get<AlertDto[]>(`/alerts?patient=${patient.accountId}&pageSize=100`);
  const raised = open.find((a) => a.measurementId === reading.id);
  expect(raised, 'the reading raised an alert').toBeDefined();
  const alertId = raised?.id ?? '';

  await logIn(page, 'physician', DEMO_PASSWORD);
  const nav = page.getByTestId('nav-menu');
  await expect(nav.getByRole('link', { name: /^Alerts/ })).toBeVisible();
  await expect(nav.getByTestId('alerts-open-badge')).toBeVisible();
  await nav.getByRole('link', { name: /^Alerts/ }).click();
  await expect(page).toHaveURL('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  const item = page.locator(`[data-alert-id="${alertId}"]`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'open');
  await expect(item).toHaveAttribute('data-range', 'highest');
  await expect(item.getByRole('link', { name: 'Layla Haddad' })).toHaveAttribute(
    'href',
    `/patients/${patient.accountId}`,
  );
  // 39.6 °C in the demo physician's units (°F by default), isolated for right-to-left pages.
  await expect(item.getByTestId('alert-value')).toHaveText(/^\u2066?103\.3 °F\u2069?$/);
  await expect(item.getByTestId('alert-note')).toHaveText('Patient\'s note: “Felt dizzy”');

  await item.getByRole('button', { name: 'Acknowledge the alert for Layla Haddad' }).click();
  await expect(page.getByText('Alert for Layla Haddad acknowledged.')).toBeVisible();
  // The open list follows the change live: the alert leaves it at once.
  await expect(item).toHaveCount(0);

  const acknowledged = await physician.get<AlertDto[]>(
    `/alerts?status=acknowledged&patient=${patient.accountId}&pageSize=100`,
  );
  expect(acknowledged.find((a) => a.id === alertId)?.acknowledgedAt).toEqual(expect.any(String));

  // It has left the open list and stands in the acknowledged one.
  await page.reload();
  await expect(page.locator(`[data-alert-id="${alertId}"]`)).toHaveCount(0);
  await page.getByTestId('alerts-status').getByText('Acknowledged', { exact: true }).click();
  await expect(page).toHaveURL('/alerts?status=acknowledged');
  // Worst and longest waiting first: hers among the demo's, narrowed to her (the snapshot's link does so).
  await page.goto(`/alerts?status=acknowledged&patient=${patient.accountId}`);
  const acknowledgedItem = page.locator(`[data-alert-id="${alertId}"]`);
  await expect(acknowledgedItem).toHaveAttribute('data-status', 'acknowledged');
  await expect(acknowledgedItem.getByTestId('alert-acknowledged')).toContainText('Acknowledged');
});

test('an admin creates an API key, sees it once, reads measurements with it, and revokes it', async ({
  adminPage: page,
  request,
}) => {
  const { accountId: patientId } = await apiAs(request, 'patient2');
  const name = `E2E integration ${randomUUID().slice(0, 8)}`;
  const readWith = (key: string) =>
    request.get(`/api/v1/measurements?user_id=${patientId}&pageSize=1`, { headers: { 'x-api-key': key } });

  await page.goto('/dashboard');
  await page
    .getByTestId('dashboard-areas')
    .getByRole('link', { name: /API keys/ })
    .click();
  await expect(page).toHaveURL('/dashboard/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('textbox', { name: /Name/ }).fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with the warning that it will not be shown again.
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await expect(shown.getByText('You will not see this key again')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const secret = ((await shown.getByTestId('api-key-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^ock_[A-Za-z0-9_-]{40,}$/);
  await shown.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row.getByTestId('api-key-status')).toHaveText('Active');

  // The key reads the organisation's measurements, in the integration header.
  const read = await readWith(secret);
  expect(read.status(), await read.text()).toBe(200);
  expect(Array.isArray(((await read.json()) as { data: unknown }).data)).toBe(true);

  // After a reload the list still never shows the key, and knows it was used.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: `Revoke the key "${name}"` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke "${name}"?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(`API key "${name}" revoked.`)).toBeVisible();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  await expect(row.getByRole('button')).toHaveCount(0);

  const refused = await readWith(secret);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { key?: string }).key).toBe('apiKeyInvalid');
});
