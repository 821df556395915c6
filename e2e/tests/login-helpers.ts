import { expect, type Page } from '@playwright/test';
import { answerTwoFactorIfAsked } from './authenticator';

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

/** Log in and land on the home page, answering the two-factor step where the user has it (the demo admin). */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await answerTwoFactorIfAsked(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
}
