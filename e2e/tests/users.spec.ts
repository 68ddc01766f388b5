import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, login, test, untilStill } from '../support/fixtures.ts';

/**
 * The Users screen (MANAGE_USERS): an administrator adds, edits, resets and disables an account,
 * and the account signs in (or no longer can) as a result; a user without the privilege neither
 * sees nor opens the screen; the server's refusals to leave no administrator or to disable oneself
 * are shown where the change was asked for. Usernames are new on every run.
 */

// Several sign-ins per journey, each hashing a password on purpose slowly, on a shared machine.
test.describe.configure({ timeout: 120_000 });

const RUN = Date.now().toString(36);
const ORGANIZATION = 'Contoso Pharma';

const MESSAGES = {
  lastAdministratorDisable: 'Cannot disable the last administrator: give another user MANAGE_USERS first.',
  lastAdministratorPrivilege: 'Cannot remove MANAGE_USERS from the last administrator: give another user MANAGE_USERS first.',
  selfDisable: 'You cannot disable your own account: you would be signed out at once. Ask another administrator to do it.',
  accountDisabled: 'This account has been disabled. Ask an administrator to enable it.',
};

async function signIn(page: Page, username = 'admin', password = DEMO_PASSWORD) {
  await login(page, username, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
}

async function signOut(page: Page, username: string) {
  await page.getByRole('banner').getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openUsers(page: Page) {
  await nav(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/3ds\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

/** The list's row of one account. */
function userRow(page: Page, username: string): Locator {
  return page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByText(username, { exact: true }) });
}

function successAlert(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-alert-type="SUCCESS"]').filter({ hasText: text });
}

async function apiToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

test.describe('Users screen', () => {
  test('an administrator adds, edits, resets and disables a user, who signs in and then no longer can', async ({ page }) => {
    const username = `e2e.clerk.${RUN}`;
    const firstPassword = 'first-pass-2024';
    const newPassword = 'second-pass-2025';

    await signIn(page);
    await openUsers(page);
    await expect(userRow(page, 'admin')).toContainText('All privileges');
    await expect(userRow(page, 'viewer')).toContainText('None (read only)');

    // Add user: the form's own rules first, then the server's refusal of a taken username.
    await page.getByRole('button', { name: 'Add user' }).click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await expect(add).toBeVisible();
    await expect(add.getByText('At least 10 characters, with at least one letter and one digit.')).toBeVisible();
    await add.getByLabel('Username').fill('clerk');
    await add.getByLabel('Name', { exact: true }).fill('Erin Example');
    await add.getByLabel('Parent Organization').fill(ORGANIZATION);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill(firstPassword);
    await add.getByLabel('Confirm password').fill('something-else-1');
    await add.getByRole('checkbox', { name: 'Create job', exact: true }).check();
    await add.getByRole('checkbox', { name: 'Lock job', exact: true }).check();
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(add.getByText('The two passwords differ')).toBeVisible();

    await add.getByLabel('Confirm password').fill(firstPassword);
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(add.getByRole('alert').filter({ hasText: 'The username clerk is already taken.' })).toBeVisible();
    // Nothing typed is lost on a refusal.
    await expect(add.getByLabel('Name', { exact: true })).toHaveValue('Erin Example');
    await expect(add.getByLabel('Parent Organization')).toHaveValue(ORGANIZATION);
    await expect(add.getByRole('checkbox', { name: 'Lock job', exact: true })).toBeChecked();

    await add.getByLabel('Username').fill(username);
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(add).toBeHidden();
    await expect(successAlert(page, `User ${username} was added.`)).toBeVisible();
    const row = userRow(page, username);
    await expect(row).toContainText('Erin Example');
    await expect(row).toContainText(ORGANIZATION);
    await expect(row).toContainText('CREATE_JOB');
    await expect(row).toContainText('LOCK_JOB');
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('Never');

    // The quick search finds it by organisation, and keeps the search in the address.
    await page.getByLabel('Quick search').fill('contoso');
    await expect(page).toHaveURL(/[?&]q=contoso/);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: 'admin' })).toHaveCount(0);
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(userRow(page, 'admin')).toBeVisible();

    // Edit: one privilege out, another in.
    await row.getByRole('button', { name: `Edit ${username}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit user ${username}` });
    await expect(edit.getByRole('checkbox', { name: 'Lock job', exact: true })).toBeChecked();
    await edit.getByRole('checkbox', { name: 'Lock job', exact: true }).uncheck();
    await edit.getByRole('checkbox', { name: 'Move container', exact: true }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(successAlert(page, `User ${username} was updated.`)).toBeVisible();
    await expect(row).toContainText('MOVE_CONTAINER');
    await expect(row).not.toContainText('LOCK_JOB');

    // Reset password.
    await row.getByRole('button', { name: `Reset the password of ${username}` }).click();
    const reset = page.getByRole('dialog', { name: `Reset the password of ${username}` });
    await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(reset).toBeHidden();
    await expect(successAlert(page, `The password of ${username} was reset.`)).toBeVisible();

    // The new user signs in with the new password, and has no Users screen.
    await signOut(page, 'admin');
    await signIn(page, username, newPassword);
    await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await signOut(page, username);

    // Back as the administrator: the sign-in shows, then disable with a confirmation naming the user.
    await signIn(page);
    await openUsers(page);
    await expect(row).not.toContainText('Never');
    await row.getByRole('button', { name: `Disable ${username}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disable user ${username}` });
    await expect(confirm).toContainText(`Disable ${username} (Erin Example)?`);
    await expect(confirm).toContainText('their open sessions end now');
    await confirm.getByRole('button', { name: 'Disable user' }).click();
    await expect(confirm).toBeHidden();
    await expect(successAlert(page, `User ${username} was disabled.`)).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: `Enable ${username}` })).toBeVisible();
    await signOut(page, 'admin');

    // The disabled user can no longer sign in, and is told why.
    await login(page, username, newPassword);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.accountDisabled })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(nav(page)).toHaveCount(0);
  });

  test('a user without MANAGE_USERS sees no Users entry and is told which privilege the screen needs', async ({ page }) => {
    await signIn(page, 'clerk');
    await expect(nav(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);

    await page.goto('users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: "You don't have the privilege for this screen" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('You do not have the MANAGE_USERS privilege needed to manage user accounts.');
    await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  });

  test('the last administrator can neither be disabled nor lose MANAGE_USERS; the refusal is shown', async ({ page }) => {
    await signIn(page);
    await openUsers(page);
    const admin = userRow(page, 'admin');

    await admin.getByRole('button', { name: 'Disable admin' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable user admin' });
    await confirm.getByRole('button', { name: 'Disable user' }).click();
    await expect(confirm.getByRole('alert').filter({ hasText: MESSAGES.lastAdministratorDisable })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await admin.getByRole('button', { name: 'Edit admin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user admin' });
    // The form holds the account once the dialog has opened: only then is a click the person's change.
    const manageUsers = edit.getByRole('checkbox', { name: 'Manage users', exact: true });
    await expect(manageUsers).toBeChecked();
    await untilStill(page);
    await manageUsers.uncheck();
    await expect(edit.getByText('These are your own privileges')).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert').filter({ hasText: MESSAGES.lastAdministratorPrivilege })).toBeVisible();
    // The refused edit is still there to correct.
    await expect(edit.getByRole('checkbox', { name: 'Manage users', exact: true })).not.toBeChecked();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await expect(admin).toContainText('Enabled');
    await expect(admin).toContainText('All privileges');
  });

  test('an administrator cannot disable their own account while another administrator remains', async ({ page }) => {
    const second = `e2e.admin.${RUN}`;
    const password = 'admin-pass-2025';
    await signIn(page);
    const created = await page.request.post('/3ds/api/users', {
      headers: { authorization: `Bearer ${await apiToken(page)}` },
      data: { username: second, password, displayName: 'Second Admin', privileges: ['MANAGE_USERS'] },
    });
    expect(created.status()).toBe(201);
    await signOut(page, 'admin');

    await signIn(page, second, password);
    await openUsers(page);
    await userRow(page, second).getByRole('button', { name: `Disable ${second}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disable user ${second}` });
    await confirm.getByRole('button', { name: 'Disable user' }).click();
    await expect(confirm.getByRole('alert').filter({ hasText: MESSAGES.selfDisable })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(userRow(page, second)).toContainText('Enabled');

    // Leave admin the only administrator again, as the other journeys expect.
    const demoted = await page.request.patch(`/3ds/api/users/${second}`, {
      headers: { authorization: `Bearer ${await apiToken(page)}` },
      data: { privileges: [] },
    });
    expect(demoted.status()).toBe(200);
  });
});
