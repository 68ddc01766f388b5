import { DEMO_PASSWORD, expect, login, test } from '../support/fixtures.ts';

test.describe('sign-in and session', () => {
  test('a wrong password shows the server message as a warning and stays on the login screen', async ({ page }) => {
    await login(page, 'admin', 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'The username or password is incorrect.' });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute('data-alert-type', 'WARNING');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  });

  test('a successful login goes to the home screen, with the welcome banner and the sidebar', async ({ page }) => {
    await login(page, 'clerk', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/3ds\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByText('Welcome, clerk')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Companies', 'Registrations', 'Jobs', 'Form 222s', 'Losses', 'Containers', 'Line Items', 'Yellow Bucket', 'Yellow Bucket Line Items', 'Dictionary', 'Reports']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('the guard warns, remembers the wanted page and returns to it after login', async ({ page }) => {
    await page.goto('jobs?page=2');
    await expect(page.getByRole('alert').filter({ hasText: 'You must be logged-in to access this resource' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/3ds\/jobs\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  });

  test('logout calls the server, says so, forgets the token and returns to login', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'admin' }).click();
    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/3ds/api/logout'));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expect(page.getByRole('alert').filter({ hasText: 'You have successfully logged out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The old token is dead on the server too.
    const status = await page.evaluate(async (t) => (await fetch('/3ds/api/companies', { headers: { authorization: `Bearer ${t}` } })).status, token);
    expect(status).toBe(401);
  });

  test('logout still says so when the server cannot be reached', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.route('**/3ds/api/logout', (route) => route.abort());
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You have successfully logged out' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('inactivity opens the session-expired modal; dismissing it logs out', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('3ds.idleTimeoutMs', '2000'));
    // The page's clock, moved on by the test: the idle time passes when the test says, however busy the machine.
    await page.clock.install();
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(2500);
    await expect(dialog.getByText('Your session has expired due to inactivity')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the idle modal never opens on the login screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('3ds.idleTimeoutMs', '1000'));
    await page.clock.install();
    await page.goto('./');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // Two and a half idle time-outs of the page's own time pass, with every timer they hold.
    await page.clock.runFor(2500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a 401 from the API logs out and warns with the server message', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // Revoke the session behind the browser's back, then navigate.
    await page.evaluate(async () => {
      await fetch('/3ds/api/logout', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    });
    // The app hears of it at its next request: the one this click makes, or one it makes of its own
    // first (the live stream, ended with the session, has the screen read again) — then the sign-in
    // screen is there before the click, which is left waiting and does not matter.
    void page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Jobs', exact: true })
      .click()
      .catch(() => undefined);
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('routes', () => {
  test('an unknown path shows "Resource Not Found"', async ({ page }) => {
    await page.goto('no/such/place');
    await expect(page.getByText('Resource Not Found')).toBeVisible();
    await page.goto('not-found');
    await expect(page.getByText('Resource Not Found')).toBeVisible();
  });

  test('a reload on a deep link keeps the page', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto('registrations?page=3');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/3ds\/registrations\?page=3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await page.goto('line-item/5');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Line Item 5/ })).toBeVisible();
  });

  test('the root redirects to the app', async ({ page, baseURL }) => {
    const response = await page.goto(new URL('/', baseURL).toString());
    expect(response?.url()).toMatch(/\/3ds\/$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('the token never travels in a URL: every request, page and download link is free of it, and the download link ends with the session', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    // A list, a record, an export and its signed download link.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Registrations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    const ready = page.getByRole('dialog', { name: 'Export ready' });
    await expect(ready).toBeVisible({ timeout: 20_000 });
    const href = await ready.getByRole('link', { name: 'Download File' }).getAttribute('href');
    expect(href).toMatch(/sig=/);
    await Promise.all([page.waitForEvent('download'), ready.getByRole('link', { name: 'Download File' }).click()]);
    await ready.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs', exact: true }).click();
    // The Jobs list, not the Registrations list it replaces, gives the record to open.
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^View record/ }).first()).toBeVisible();
    const eye = page.getByRole('link', { name: /^View record/ }).first();
    const label = (await eye.getAttribute('aria-label')) ?? '';
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Job \d+/ })).toBeVisible();

    const signature = token!.split('.')[2]!;
    expect(urls.length).toBeGreaterThan(10);
    for (const url of [...urls, href!, page.url()]) {
      expect(url).not.toContain(signature);
      expect(url).not.toContain(token!.split('.')[1]!);
    }

    // The download link was made for this session: it works while the session lives, and not after.
    const fetchLink = (link: string) => page.evaluate(async (h) => {
      const response = await fetch(h);
      return { status: response.status, title: response.ok ? '' : ((await response.json()) as { title: string }).title };
    }, link);
    expect((await fetchLink(href!)).status).toBe(200);
    await page.getByRole('button', { name: 'admin' }).click();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/3ds/api/logout'));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    expect(await fetchLink(href!)).toEqual({ status: 403, title: 'Link Expired' });
  });
});
