// Signing a member in from inside a tab, as the web app does, without driving the login form:
// the session cookie then belongs to the browser, the device claims the account (spec §4: paid
// lists go to the current device only) and local storage holds the stored user and auth key.
import type { Tab } from './browser';

export type StoredUser = Record<string, unknown> & { id: number; userEmail: string; curKey: string };

/** Logs in on the tab's current page; throws when the login or the device claim is refused. */
export async function signInInPage(tab: Tab, email: string, password: string): Promise<StoredUser> {
  return tab.page.evaluate(
    async ({ email, password }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const res = await post('/api/user/login', { email, password });
      const body = (await res.json()) as { user?: { id: number } & Record<string, unknown> };
      if (!res.ok || !body.user) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
      const key = crypto.randomUUID();
      const claimed = await post('/api/user/updateUserConnectInfo', { userId: body.user.id, userAuthKey: key });
      if (!claimed.ok) throw new Error(`device claim failed: ${claimed.status}`);
      const user = { ...body.user, curKey: key };
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('authKey', key);
      return user as StoredUser;
    },
    { email, password },
  );
}

/** Signs in through the login form; when the account is signed in on another device, takes it over here. */
export async function signInWithForm(tab: Tab, email: string, password: string): Promise<void> {
  await tab.goto('/login');
  await tab.page.getByLabel('이메일').fill(email);
  await tab.page.getByLabel('비밀번호').fill(password);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
  const takeOver = tab.page.getByRole('button', { name: '이 기기에서 계속' });
  await Promise.race([
    tab.page.waitForURL((url) => url.pathname !== '/login'),
    takeOver.waitFor().then(() => takeOver.click()),
  ]);
  await tab.page.waitForURL((url) => url.pathname !== '/login');
}
