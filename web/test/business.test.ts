import { businessLines, readSiteInfo, type BusinessInfo, type FooterPart } from '../src/app/business';

const text = (lines: FooterPart[][]) => lines.map((l) => l.map((p) => `${p.label} ${p.value}`).join(' · '));

const BUSINESS: BusinessInfo = {
  name: '유의어 주식회사',
  representative: '홍길동',
  registrationNumber: '123-45-67891',
  mailOrderNumber: '제2025-서울종로-0001호',
  address: '서울특별시 종로구 세종대로 1',
  phone: '02-123-4567',
  email: 'help@syn.example',
  hours: '평일 오전 10시 ~ 오후 6시',
};

describe('the footer business details', () => {
  test('nothing known shows nothing (no placeholder that looks like a registration)', () => {
    expect(businessLines(undefined)).toEqual([]);
    expect(businessLines(null)).toEqual([]);
    expect(businessLines({ name: '  ', phone: '' })).toEqual([]);
  });

  test('every detail is shown with its label, in the usual order', () => {
    const lines = businessLines(BUSINESS);
    expect(text(lines)).toEqual([
      '상호 유의어 주식회사 · 대표자 홍길동',
      '사업자등록번호 123-45-67891 · 통신판매업 신고번호 제2025-서울종로-0001호',
      '주소 서울특별시 종로구 세종대로 1',
      '고객센터 02-123-4567 · 이메일 help@syn.example',
      '운영 시간 평일 오전 10시 ~ 오후 6시',
    ]);
    expect(lines[3]).toEqual([
      { kind: 'link', label: '고객센터', value: '02-123-4567', href: 'tel:021234567' },
      { kind: 'link', label: '이메일', value: 'help@syn.example', href: 'mailto:help@syn.example' },
    ]);
  });

  test('a partial answer shows only what is there, and a malformed email is left out', () => {
    const lines = businessLines({ registrationNumber: '123-45-67891', email: 'not mail' });
    expect(text(lines)).toEqual(['사업자등록번호 123-45-67891']);
  });
});

describe('the /site.json answer', () => {
  test('is read into the site details, trimmed', () => {
    const site = readSiteInfo({
      business: { ...BUSINESS, name: ' 유의어 주식회사 ' },
      privacyOfficer: { name: '김보호', email: 'privacy@syn.example' },
      privacyTrustees: { payment: ' 결제 주식회사 ', mail: '메일 주식회사' },
      embedParentOrigins: ['https://host.example.com'],
    });
    expect(site).toEqual({
      business: BUSINESS,
      privacyOfficer: { name: '김보호', email: 'privacy@syn.example' },
      privacyTrustees: { payment: '결제 주식회사', mail: '메일 주식회사' },
      embedParentOrigins: ['https://host.example.com'],
    });
  });

  test('never trusts its shape: what is missing or not text reads as empty', () => {
    expect(readSiteInfo(null)).toBeNull();
    expect(readSiteInfo('<!doctype html>')).toBeNull();
    expect(readSiteInfo([])).toBeNull();
    const site = readSiteInfo({
      business: { name: 7, phone: '1588-0000' },
      embedParentOrigins: ['https://a.example', 3],
    });
    expect(site?.business.name).toBe('');
    expect(site?.business.phone).toBe('1588-0000');
    expect(site?.privacyOfficer).toEqual({ name: '', email: '' });
    expect(site?.privacyTrustees).toEqual({ payment: '', mail: '' });
    expect(site?.embedParentOrigins).toEqual(['https://a.example']);
  });
});
