import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { seriousViolations, WCAG_21_AA } from './axe';
import { expect, inLanguage, test } from './admin-page';

/**
 * An admin registers a system that reads FHIR (issue 21, the integrations screen) by pasting its
 * public key set, sees its client ID; the system then gets a token from the real token endpoint
 * with an assertion the key did not sign, and the screen shows that refusal; the admin revokes it.
 * The screen in Arabic passes axe.
 */
test('an admin registers a FHIR system with its public key, sees why its token was refused, and revokes it', async ({ adminPage: page, request }, testInfo) => {
  const name = `Riverside EHR ${randomUUID().slice(0, 6)}`;
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'riverside-1', alg: 'ES384' };

  await page.goto('/dashboard/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await page.getByTestId('smart-client-register').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('smart-client-name').fill(name);
  await dialog.getByRole('checkbox', { name: 'Readings (Observation)' }).check();
  await dialog.getByTestId('smart-client-jwks').fill(JSON.stringify({ keys: [{ ...jwk, d: 'not-to-be-sent' }] }));
  await dialog.getByTestId('smart-client-submit').click();
  await expect(dialog.getByText(/That is a private key/)).toBeVisible();
  await dialog.getByTestId('smart-client-jwks').fill(JSON.stringify({ keys: [jwk] }));
  await dialog.getByTestId('smart-client-submit').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('smart-client-row').filter({ hasText: name });
  await expect(row).toContainText('Readings (Observation)');
  const clientId = (await row.getByTestId('smart-client-id').textContent())!.trim();

  // The system tries with an assertion its key did not sign: refused, and the admin sees why.
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { iss: clientId, sub: clientId, aud: new URL('/fhir/R4/auth/token', page.url()).href, exp: Math.floor(Date.now() / 1000) + 120, jti: randomUUID() };
  const refused = await request.post('/fhir/R4/auth/token', {
    form: {
      grant_type: 'client_credentials',
      scope: 'system/Observation.read',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: `${part({ alg: 'ES384', kid: 'riverside-1', typ: 'JWT' })}.${part(claims)}.${Buffer.alloc(96).toString('base64url')}`,
    },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('invalid_client');
  await page.reload();
  await expect(row).toContainText('invalid_client');
  await page.screenshot({ path: testInfo.outputPath('integrations.png'), fullPage: true });

  await inLanguage(page, { code: 'ar', dir: 'rtl' }, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'التكاملات' })).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
  });

  await row.getByRole('button', { name: `Revoke "${name}"` }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-status', 'revoked');
});
