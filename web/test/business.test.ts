import { businessLines, type FooterPart } from '../src/app/business';

const text = (lines: FooterPart[][]) =>
  lines.map((l) => l.map((p) => `${p.label ? `${p.label} ` : ''}${p.value}`).join(' · '));

describe('the footer business details', () => {
  test('nothing configured shows nothing (no placeholder that looks like a registration)', () => {
    expect(businessLines({})).toEqual([]);
    expect(businessLines({ VITE_BUSINESS_NAME: '  ', VITE_BUSINESS_PHONE: '' })).toEqual([]);
  });

  test('every configured detail is shown with its label, in the usual order', () => {
    const lines = businessLines({
      VITE_BUSINESS_NAME: '유의어 주식회사',
      VITE_BUSINESS_REPRESENTATIVE: '홍길동',
      VITE_BUSINESS_REGISTRATION_NUMBER: '123-45-67890',
      VITE_BUSINESS_MAIL_ORDER_NUMBER: '제2025-서울종로-0001호',
      VITE_BUSINESS_ADDRESS: '서울특별시 종로구 세종대로 1',
      VITE_BUSINESS_PHONE: '02-123-4567',
      VITE_BUSINESS_EMAIL: 'help@syn.example',
      VITE_BUSINESS_HOURS: '평일 오전 10시 ~ 오후 6시',
    });
    expect(text(lines)).toEqual([
      '유의어 주식회사 · 대표 홍길동',
      '사업자등록번호 123-45-67890 · 통신판매업신고 제2025-서울종로-0001호',
      '서울특별시 종로구 세종대로 1',
      '고객센터 02-123-4567 · help@syn.example',
      '평일 오전 10시 ~ 오후 6시',
    ]);
    expect(lines[3]).toEqual([
      { kind: 'link', label: '고객센터', value: '02-123-4567', href: 'tel:021234567' },
      { kind: 'link', value: 'help@syn.example', href: 'mailto:help@syn.example' },
    ]);
  });

  test('a partial configuration shows only what is set, and a malformed email is left out', () => {
    const lines = businessLines({ VITE_BUSINESS_REGISTRATION_NUMBER: '123-45-67890', VITE_BUSINESS_EMAIL: 'not mail' });
    expect(text(lines)).toEqual(['사업자등록번호 123-45-67890']);
  });
});
