/**
 * What a Korean paid service must show before it asks for a card, read from the running gateway
 * (GET /site.json, gateway/src/config.ts) rather than the build: the privacy policy at /privacy,
 * the seller details in the footer, and the same details on the purchase page's order step.
 */
import type { SiteInfo } from '../src/app/business';
import { useE2E, type Tab } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const CHECKOUT_FRAME = 'iframe[title="PortOne sandbox checkout"]';

/** The gateway's answer, as the browser gets it. */
async function siteInfo(): Promise<SiteInfo> {
  const response = await fetch(`${e2e().baseUrl}/site.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return (await response.json()) as SiteInfo;
}

async function noSidewaysScroll(tab: Tab): Promise<void> {
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The footer's business lines once /site.json has arrived. */
async function footerLines(tab: Tab): Promise<string[]> {
  const address = tab.page.locator('footer address');
  await address.getByText('사업자등록번호', { exact: false }).waitFor();
  return (await address.locator('p').allTextContents()).map((line) => line.replace(/\s+/g, ' ').trim());
}

describe.each(['desktop', 'mobile'] as const)('the privacy policy at the %s viewport', (viewport) => {
  test('/privacy is a complete Korean policy naming the configured privacy officer, accessible and without sideways scrolling', async () => {
    const site = await siteInfo();
    const tab = await e2e().open(viewport, '/privacy');
    await tab.waitForHeading('개인정보 처리방침');
    const articles = tab.page.locator('main .privacy-article h2');
    await expect(articles.allTextContents()).resolves.toEqual([
      '제1조 (처리하는 개인정보의 항목)',
      '제2조 (개인정보의 수집·이용 목적)',
      '제3조 (개인정보의 처리 및 보유 기간)',
      '제4조 (개인정보 처리의 위탁)',
      '제5조 (개인정보의 제3자 제공)',
      '제6조 (정보주체와 법정대리인의 권리·의무 및 행사 방법)',
      '제7조 (만 14세 미만 아동의 개인정보 처리)',
      '제8조 (개인정보의 파기 절차 및 방법)',
      '제9조 (개인정보의 안전성 확보 조치)',
      '제10조 (쿠키의 설치·운영 및 거부)',
      '제11조 (개인정보 보호책임자)',
      '제12조 (권익침해 구제 방법)',
      '제13조 (개인정보 처리방침의 변경)',
    ]);
    const contact = tab.page.locator('main .privacy-contact');
    await contact.waitFor();
    const main = ((await tab.page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
    for (const fact of [
      `${site.business.name}(이하 “회사”)`,
      '이메일 주소, 이름, 휴대전화 번호, 비밀번호',
      '해시',
      '접속 기록',
      '결제 기록',
      '단어장, 검색 기록',
      '회원이 탈퇴하면 개인정보를 지체 없이 파기',
      '대금 결제 및 재화 등의 공급에 관한 기록',
      '소비자의 불만 또는 분쟁 처리에 관한 기록',
      '통신비밀보호법',
      // The trustees by the names the running configuration gives (개인정보 보호법 §26).
      site.privacyTrustees.payment,
      site.privacyTrustees.mail,
      '제3자에게 제공하지 않습니다',
      '법정대리인',
      '일방향 암호화',
      '전송 구간 암호화',
      '접근 통제',
      'sid',
      '부터 시행합니다',
    ]) {
      expect(main).toContain(fact);
    }
    const periods = await tab.page.locator('main .privacy-article').nth(2).locator('tbody tr').allTextContents();
    expect(periods.map((row) => row.replace(/\s+/g, ''))).toEqual([
      expect.stringMatching(/5년$/),
      expect.stringMatching(/5년$/),
      expect.stringMatching(/3년$/),
      expect.stringMatching(/통신비밀보호법3개월$/),
    ]);
    // The officer is the running configuration's, with a mail link.
    await expect(contact.textContent()).resolves.toContain(site.privacyOfficer.name);
    await expect(contact.getByRole('link', { name: site.privacyOfficer.email }).getAttribute('href')).resolves.toBe(
      `mailto:${site.privacyOfficer.email}`,
    );
    // Rights are exercised where the member already is.
    await expect(tab.page.locator('main').getByRole('link', { name: '회원 탈퇴' }).getAttribute('href')).resolves.toBe(
      '/withdraw',
    );
    await noSidewaysScroll(tab);
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot('privacy');
    tab.expectNoErrors();
  });
});

describe('the footer', () => {
  test.each(['desktop', 'mobile'] as const)(
    'at the %s viewport shows the running configuration’s seller details and a bold privacy-policy link beside the terms',
    async (viewport) => {
      const { business } = await siteInfo();
      const tab = await e2e().open(viewport, '/company');
      await expect(footerLines(tab)).resolves.toEqual([
        `상호 ${business.name} · 대표자 ${business.representative}`,
        `사업자등록번호 ${business.registrationNumber} · 통신판매업 신고번호 ${business.mailOrderNumber}`,
        `주소 ${business.address}`,
        `고객센터 ${business.phone} · 이메일 ${business.email}`,
        `운영 시간 ${business.hours}`,
      ]);
      const footer = tab.page.locator('footer');
      await expect(footer.getByRole('link', { name: business.phone }).getAttribute('href')).resolves.toBe(
        `tel:${business.phone.replace(/[^\d+]/g, '')}`,
      );
      // Next to 이용약관, set apart in bold.
      await expect(footer.locator('.footer-links li').allTextContents()).resolves.toEqual([
        '회사 소개',
        '이용약관',
        '개인정보 처리방침',
        '공지사항',
        '사전 비교',
      ]);
      const privacy = footer.getByRole('link', { name: '개인정보 처리방침' });
      await expect(
        privacy.evaluate((link) => Number(getComputedStyle(link.querySelector('strong') ?? link).fontWeight)),
      ).resolves.toBeGreaterThanOrEqual(700);
      await footer.scrollIntoViewIfNeeded();
      await tab.screenshot('footer-business', { fullPage: false });
      await privacy.click();
      await tab.page.waitForURL('**/privacy');
      await tab.waitForHeading('개인정보 처리방침');
      tab.expectNoErrors();
    },
  );

  test('takes the details the server gives at run time: another answer shows other details with the same build', async () => {
    const tab = await e2e().open('mobile');
    const replaced: SiteInfo = {
      business: {
        name: '주식회사 다른이름',
        representative: '최바뀜',
        registrationNumber: '123-45-67891',
        mailOrderNumber: '제2026-서울마포-0999호',
        address: '서울특별시 마포구 바뀐로 9',
        phone: '1588-0999',
        email: 'other@changed.example',
        hours: '매일 09:00~21:00',
      },
      privacyOfficer: { name: '정바뀜', email: 'officer@changed.example' },
      privacyTrustees: { payment: '주식회사 결제바뀜', mail: '주식회사 메일바뀜' },
      embedParentOrigins: [],
    };
    await tab.context.route('**/site.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(replaced) }),
    );
    await tab.goto('/privacy');
    await expect(footerLines(tab)).resolves.toContain('상호 주식회사 다른이름 · 대표자 최바뀜');
    await expect(tab.page.locator('main .privacy-contact').textContent()).resolves.toContain('정바뀜');
    await expect(tab.page.locator('main').textContent()).resolves.toMatch(/주식회사 결제바뀜[\s\S]*주식회사 메일바뀜/);
    tab.expectNoErrors();
  });
});

describe('the join form', () => {
  test('its privacy consent says what is collected and links the policy in a new tab', async () => {
    const tab = await e2e().open('mobile', '/join');
    const consent = tab.page.getByLabel(/개인정보 이용에 동의합니다/);
    await expect(consent.isChecked()).resolves.toBe(false);
    const field = tab.page.locator('.field-check').filter({ has: consent });
    await expect(field.textContent()).resolves.toContain('보유 기간: 회원 탈퇴 시까지');
    const link = field.getByRole('link', { name: /개인정보 처리방침 보기/ });
    await expect(link.getAttribute('href')).resolves.toBe('/privacy');
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await field.scrollIntoViewIfNeeded();
    await tab.screenshot('join-privacy-consent', { fullPage: false });
    tab.expectNoErrors();
  });
});

describe('the purchase page', () => {
  test.each(['mobile', 'desktop'] as const)(
    'at the %s viewport shows the seller details on the order step, before the card window opens',
    async (viewport) => {
      const { business } = await siteInfo();
      const member = await verifiedMember(e2e().baseUrl, `privacy-${viewport}`);
      const tab = await e2e().open(viewport, '/company');
      await signInInPage(tab, member.email, member.password);
      await tab.goto('/payment');
      await tab.waitForHeading('이용권 구매');
      await tab.page.getByRole('radio', { name: /베이직 정기결제/ }).check();
      await tab.page.getByRole('radio', { name: '신용카드', exact: true }).check();
      await tab.page.getByRole('button', { name: '다음' }).click();
      await tab.page.getByRole('heading', { name: '주문 확인 및 결제' }).waitFor();

      const seller = tab.page.getByRole('region', { name: '판매자 정보' });
      await seller.locator('dl').waitFor();
      const pairs = await seller
        .locator('dt')
        .evaluateAll((terms) =>
          terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
        );
      expect(Object.fromEntries(pairs)).toEqual({
        상호: business.name,
        대표자: business.representative,
        사업자등록번호: business.registrationNumber,
        '통신판매업 신고번호': business.mailOrderNumber,
        주소: business.address,
        고객센터: `${business.phone} · ${business.email}${business.hours}`,
      });
      // Shown before the agreement and the pay button, and no card has been asked for yet.
      const sellerFirst = await tab.page.evaluate(() => {
        const section = document.querySelector('main .seller');
        const pay = Array.from(document.querySelectorAll('main button')).find(
          (button) => button.textContent === '결제하기',
        );
        return Boolean(section && pay && section.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(sellerFirst).toBe(true);
      await expect(tab.page.locator(CHECKOUT_FRAME).count()).resolves.toBe(0);
      await noSidewaysScroll(tab);
      await expect(tab.accessibilityViolations()).resolves.toEqual([]);
      await tab.screenshot('payment_step2_seller');
      tab.expectNoErrors();
    },
  );
});
