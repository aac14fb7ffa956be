/**
 * The seven notices (index 0 = oldest, 6 = newest; spec §2.3: `?no=` opens one, default 6).
 * Each is dated the day it went up: 1–5 announced the renamed service in December 2024,
 * 6 the rename itself on the first working day after it took effect.
 */
export interface Notice {
  no: number;
  title: string;
  date: string;
  paragraphs: string[];
}

export const NOTICES: readonly Notice[] = [
  {
    no: 0,
    title: '이용약관 시행 안내',
    date: '2007-07-01',
    paragraphs: [
      '유의어 사전 서비스의 이용약관을 2007년 7월 1일부터 시행합니다.',
      '약관에는 서비스의 내용, 회원 가입과 탈퇴, 유료 서비스의 결제와 환불, 만 14세 미만 이용자의 법정대리인 동의 등 서비스를 이용하실 때 알아 두셔야 할 내용이 담겨 있습니다. 전문은 화면 아래의 ‘이용약관’에서 언제든 보실 수 있습니다.',
    ],
  },
  {
    no: 1,
    title: '휴대폰 홈 화면에 사전 바로가기를 만들어 보세요',
    date: '2024-12-02',
    paragraphs: [
      '한국어 유의어 사전은 앱을 설치하지 않아도 휴대폰 홈 화면에 아이콘을 만들어 앱처럼 바로 열 수 있습니다.',
      '아이폰은 Safari의 공유 버튼에서, 안드로이드폰은 Chrome의 메뉴에서 ‘홈 화면에 추가’를 누르면 됩니다. 자세한 순서는 ‘홈 화면 바로가기 안내’ 화면에 그림과 함께 정리해 두었습니다.',
    ],
  },
  {
    no: 2,
    title: '만 14세 미만 회원 가입 안내',
    date: '2024-12-09',
    paragraphs: [
      '만 14세 미만인 분은 부모님 등 법정대리인의 동의를 받은 뒤 회원으로 가입하실 수 있습니다(이용약관 제6조).',
      '법정대리인께서는 자녀의 개인정보 열람, 정정, 삭제와 동의 철회를 고객센터 이메일로 요청하실 수 있습니다.',
    ],
  },
  {
    no: 3,
    title: '이전 서비스 이용 기간 통합 안내',
    date: '2024-12-16',
    paragraphs: [
      '예전 유의어 사전 서비스에서 이용권 기간이 남아 있는 분은 새 서비스로 남은 기간을 옮겨 오실 수 있습니다.',
      '로그인 후 ‘내 정보’ 화면의 이전 서비스 통합 메뉴에서 예전 아이디와 비밀번호를 입력하고 동의하시면, 남은 일수에 한 달을 더해 드립니다. 이미 통합했거나 남은 기간이 없는 경우에는 통합할 수 없습니다.',
    ],
  },
  {
    no: 4,
    title: '이전 앱 이용자 환불 안내',
    date: '2024-12-18',
    paragraphs: [
      '예전 앱에서 이용권을 구매하신 분께는 구매 시점에 따라 다음과 같이 보상해 드립니다.',
      '구매 후 1년 이내: 결제 금액 전액 환불 또는 1년 이용권(21,600원 상당) 중 하나를 고르실 수 있습니다.',
      '구매 후 1년이 지난 경우: 3개월 이용권(7,500원 상당)을 드립니다.',
      '신청은 고객센터 이메일로 구매 내역과 함께 보내 주세요.',
    ],
  },
  {
    no: 5,
    title: '친구 추천 혜택 안내',
    date: '2024-12-23',
    paragraphs: [
      '친구에게 한국어 유의어 사전을 추천해 주세요. 추천으로 가입한 친구가 5명이 되면 1개월, 10명이면 3개월, 20명이면 12개월 이용권을 드립니다.',
      '추천을 받고 가입한 친구에게도 7일 무료 이용 쿠폰을 드립니다. 추천은 회원 가입 후 ‘친구 추천’ 화면에서 하실 수 있습니다.',
    ],
  },
  {
    no: 6,
    title: '‘한국어 유의어 사전’으로 이름을 바꿨습니다',
    date: '2025-01-02',
    paragraphs: [
      '2025년 1월 1일부터 ‘기본 유의어 사전’의 이름이 ‘한국어 유의어 사전’으로 바뀌었습니다.',
      '11개 범주의 유의어·관련어를 그대로 이어서 제공하며, 월 3,000원(부가가치세 포함) 구독으로 모든 유의어를 보실 수 있습니다.',
      '기존 회원 정보와 단어장은 그대로 유지되니 따로 하실 일은 없습니다. 앞으로도 많은 이용 부탁드립니다.',
    ],
  },
];

export const DEFAULT_NOTICE_NO = 6;
export const NOTICES_PER_PAGE = 5;

/** The notice chosen by `?no=`: an integer 0–6, else the default (6). */
export function noticeNoFromQuery(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return DEFAULT_NOTICE_NO;
  const no = Number(value);
  return NOTICES.some((notice) => notice.no === no) ? no : DEFAULT_NOTICE_NO;
}

/** Newest first, as a list of notices reads. */
export const NOTICES_NEWEST_FIRST: readonly Notice[] = [...NOTICES].reverse();

/** The 1-based list page that shows notice `no`. */
export function noticePageOf(no: number): number {
  const index = NOTICES_NEWEST_FIRST.findIndex((notice) => notice.no === no);
  return index < 0 ? 1 : Math.floor(index / NOTICES_PER_PAGE) + 1;
}
