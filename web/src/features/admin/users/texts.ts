import { ACCOUNT_MESSAGES } from '@syn/kit/rules';

/** Texts of the member screens (spec §2.5 items 1–2, §8 administrator side). */
export const ADMIN_USER_TEXTS = {
  empty: '회원 정보가 존재하지 않습니다.',
  loadError: '회원 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  updateError: '회원 정보를 변경하는 중에 오류가 발생하였습니다.',
  deleteError: '회원을 삭제하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  historyError: '사전 이용 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  historyEmpty: '사전 검색 기록이 존재하지 않습니다.',
  /** Spec §5: member detail save needs a user id. */
  userInvalid: ACCOUNT_MESSAGES.adminUserInvalid,
  deleteConfirm: (email: string) => `${email} 회원을 삭제하시겠습니까? 탈퇴와 같이 처리되며 되돌릴 수 없습니다.`,
} as const;

export const STATUS_FILTERS = [
  { value: 'ALL', label: '전체' },
  { value: 'FREE', label: '무료' },
  { value: 'BASIC', label: '기본(유료)' },
] as const;

export const SEARCH_COLUMNS = [
  { value: 'email', label: '이메일' },
  { value: 'name', label: '이름' },
] as const;

export const EMAIL_STATES = [
  { value: 'T', label: '인증 완료' },
  { value: 'F', label: '인증 필요' },
] as const;

export const PERMISSIONS = [
  { value: 1, label: '일반 회원' },
  { value: 0, label: '관리자' },
] as const;

/** 'YYYY-MM-DD' of an ISO timestamp, in Korea (spec §9: dates shown YYYY-MM-DD). */
export function kstDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso.slice(0, 10) : new Date(t + 9 * 3_600_000).toISOString().slice(0, 10);
}
