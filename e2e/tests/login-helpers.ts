import { expect, type Page } from '@playwright/test';

/** Fill and send the login form the way a person would. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
}
