/**
 * Accessibility of the pages the shell owns, checked by axe-core (WCAG 2.1
 * A and AA, colour contrast included) at both viewports, plus a placeholder
 * and the admin-permission page as examples of the shared components.
 */
import { useE2E, VIEWPORTS, type ViewportName } from './support/browser';

const e2e = useE2E();

const PAGES = [
  '/',
  '/notice',
  '/notice/MakeIcon',
  '/company?recId=friend',
  '/compare',
  '/qna',
  '/dictionary/Wordbook',
  '/mgrUser',
];

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('accessibility at the %s viewport', (viewport) => {
  test.each(PAGES)('%s has no WCAG A/AA violations', async (path) => {
    const tab = await e2e().open(viewport, path);
    await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
    await tab.close();
  });

  test('the open drawer or sidebar menu has no WCAG A/AA violations', async () => {
    const tab = await e2e().open(viewport, '/');
    if (viewport === 'mobile') await tab.page.getByRole('button', { name: '메뉴 열기' }).click();
    await tab.page.locator('.qr-block svg').waitFor();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
    await tab.close();
  });
});
