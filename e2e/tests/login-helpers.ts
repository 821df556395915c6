import { expect, type Page } from '@playwright/test';

/**
 * Fill and send the login form the way a person would. The fields are found by name, not label,
 * so the helper works whatever language the page is in.
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
}
