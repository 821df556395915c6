import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * The demo patient's care team scheduled blood pressure and blood sugar. In Settings → Reminders the
 * patient sees when each is next due and turns a schedule's e-mail reminders off and on again; the
 * choice is the server's (it stays after a reload). In English and in Arabic, on a phone.
 */
const LANGUAGES = [
  { code: 'en-US', dir: 'ltr', email: 'E-mail reminder for Blood pressure', next: /^Next: / },
  { code: 'ar', dir: 'rtl', email: /تذكير بالبريد الإلكتروني لـ/, next: /^الموعد التالي: / },
] as const;

for (const language of LANGUAGES) {
  test(`a patient turns a schedule's e-mail reminders off and on (${language.code})`, async ({ page }) => {
    test.slow(); // two sign-ins' worth of pages and two reloads
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((code) => localStorage.setItem('opencare.language', code), language.code);
    await logIn(page, 'patient', DEMO_PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
    await page.goto('/settings/reminders');
    const items = page.getByTestId('schedule-item');
    await expect(items.first()).toBeVisible();
    await expect(items.first().getByTestId('schedule-next')).toHaveText(language.next);

    // Earlier specs may have scheduled more for the demo patient: the first blood pressure schedule.
    const bloodPressure = language.code === 'en-US' ? items.filter({ hasText: 'Blood pressure' }).first() : items.first();
    const toggle = bloodPressure.getByRole('switch', { name: language.email });
    const wasOn = await toggle.isChecked();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked({ checked: !wasOn });
    // The switch shows the choice at once and stays disabled until the server has it: a reload
    // before then would cancel the save.
    await expect(toggle).toBeEnabled();
    await page.reload();
    await expect(toggle).toBeChecked({ checked: !wasOn });
    // And back, so the demo patient's plan is as it was.
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked({ checked: wasOn });
    await expect(toggle).toBeEnabled();
    await page.reload();
    await expect(toggle).toBeChecked({ checked: wasOn });
  });
}
