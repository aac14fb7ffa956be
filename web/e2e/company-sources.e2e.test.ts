/**
 * The company page's data sources: each source of the loaded dataset is named
 * with its attribution in Korean and its licence name as written; where a licence prescribes its
 * own wording, that wording is shown verbatim, set apart and introduced in Korean.
 *
 * Run: WEB_DIST=… TEST_STACK_OFFSET=N npx jest --selectProjects e2e --runInBand --runTestsByPath web/e2e/company-sources.e2e.test.ts
 */
import { useE2E, VIEWPORTS, type ViewportName } from './support/browser';

const e2e = useE2E();

interface Source {
  id: string;
  name: string;
  license: string | null;
  attribution: string;
  notice: string | null;
}

const HANGUL = /[가-힣]/;
/** English sentences of the licences' own wording: only ever inside the verbatim block. */
const LICENCE_ENGLISH = /Korean word relations|Word frequencies|All rights reserved|merged and re-ranked/;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the company page at the %s viewport', (viewport) => {
  test('names every source of the loaded dataset in Korean, with its licence and the licence wording verbatim', async () => {
    const dataset = (await (await fetch(`${e2e().baseUrl}/api/dic/search/dataset`)).json()) as { sources: Source[] };
    expect(dataset.sources.length).toBeGreaterThan(0);
    const tab = await e2e().open(viewport, '/company');
    await tab.waitForHeading('회사 소개');
    const list = tab.page.locator('main ul.attribution');
    await list.locator(':scope > li').first().waitFor();
    // The page lists the default dataset's sources until the served dataset's answer arrives: wait
    // for that list (the assertion below still fails, with the difference, if it never comes).
    const names = dataset.sources.map((s) => s.name);
    await tab.page
      .waitForFunction(
        (want) =>
          JSON.stringify(Array.from(document.querySelectorAll('main ul.attribution > li h3'), (h) => h.textContent)) ===
          JSON.stringify(want),
        names,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await expect(list.locator(':scope > li h3').allTextContents()).resolves.toEqual(names);

    for (const source of dataset.sources) {
      const item = list.locator(':scope > li').filter({ has: tab.page.getByRole('heading', { name: source.name }) });
      // Our own words: Korean, with the licence names kept as they are written.
      expect(source.attribution).toMatch(/^[^A-Za-z]*[가-힣]/);
      expect(source.attribution).not.toMatch(LICENCE_ENGLISH);
      const ours = await item.evaluate((li) => {
        const copy = li.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.attribution-notice').forEach((n) => n.remove());
        return copy.textContent ?? '';
      });
      expect(ours).toContain(source.attribution);
      expect(ours).not.toMatch(LICENCE_ENGLISH);
      if (source.license) {
        await expect(item.getByText(`라이선스: ${source.license}`, { exact: true }).count()).resolves.toBe(1);
      }
      const notice = item.locator('.attribution-notice');
      if (source.notice === null) {
        await expect(notice.count()).resolves.toBe(0);
        continue;
      }
      // The licence's wording, word for word and line by line, introduced in Korean and marked by language.
      await expect(notice.locator('figcaption').textContent()).resolves.toBe(
        '라이선스가 정한 출처 표시 문구를 원문 그대로 싣습니다.',
      );
      const lines = source.notice.split('\n');
      await expect(notice.locator('blockquote p').allTextContents()).resolves.toEqual(lines);
      await expect(
        notice.locator('blockquote p').evaluateAll((ps) => ps.map((p) => p.getAttribute('lang'))),
      ).resolves.toEqual(lines.map((line) => (HANGUL.test(line) ? 'ko' : 'en')));
    }

    // The default dataset's sources carry the licence-prescribed English lines: they must be on the page.
    const withNotice = dataset.sources.filter((s) => s.notice !== null);
    process.stdout.write(
      `[e2e] company: ${dataset.sources.length} sources, ${withNotice.length} with a verbatim notice\n`,
    );

    const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tab.screenshot('company_sources');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });
});
