/**
 * 개인정보 처리방침 (개인정보 보호법 §30), linked from the footer and the join form's consent.
 * It describes what this product really does: the columns the account service keeps, argon2id
 * password hashes, the `sid` session cookie, what a withdrawal erases (account, wordbook and
 * search history) and what the e-commerce act makes the billing records keep. The seller and the
 * privacy officer come from the gateway's configuration (/site.json), like the footer.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isEmail, telHref, type SiteInfo } from '../../app/business';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { SITE } from '../../app/site';
import { useSiteInfo } from '../../app/siteInfo';
import { PageHeading } from '../../ui/PageHeading';
import './privacy.css';

const TITLE = routeInfo('privacy').title;

/** Changing the policy means a new date here and a notice 7 days ahead (제13조). */
export const PRIVACY_EFFECTIVE_FROM = '2026년 11월 24일';

const COLLECTED: ReadonlyArray<{ when: string; items: string; how: string }> = [
  {
    when: '회원 가입 (필수)',
    items: '이메일 주소, 이름, 휴대전화 번호, 비밀번호(원래 값이 아니라 복원할 수 없게 변환한 값(해시)만 저장)',
    how: '회원 가입 화면에서 직접 입력',
  },
  {
    when: '친구 추천 (선택)',
    items: '추천인의 이메일 주소',
    how: '회원 가입 화면 또는 친구 추천 링크',
  },
  {
    when: '유료 서비스 이용',
    items:
      '결제 기록(주문 번호, 상품명, 결제 금액, 결제 수단의 종류, 결제·취소 일시와 상태), 정기 결제 고객 식별 번호, 쿠폰 사용·선물 기록',
    how: '이용권 구매와 쿠폰 사용 과정에서 생성',
  },
  {
    when: '서비스 이용 (자동 생성)',
    items: '접속 기록(접속 일시, IP 주소), 로그인 기기 인증 키, 단어장, 검색 기록',
    how: '서비스를 이용하는 동안 자동으로 생성·저장',
  },
];

const PURPOSES: readonly string[] = [
  '회원 가입과 관리: 회원 식별, 이메일 주소 확인(인증 메일), 비밀번호 재설정, 한 계정을 한 기기에서만 쓰도록 하는 로그인 관리, 부정 이용 방지, 만 14세 미만 아동의 법정대리인 동의 확인',
  '서비스 제공: 유의어 검색 결과 제공, 단어장과 검색 기록 보관, 친구 추천 보상과 쿠폰 지급',
  '유료 서비스의 결제와 정산: 이용권 구매, 정기 결제, 결제 취소와 환불, 이용 기간 관리',
  '고객 상담과 민원 처리: 문의 내용 확인, 처리 결과 안내, 분쟁 처리 기록 보존',
  '안정적인 서비스 운영: 부정 접속 차단과 보안 점검, 개인을 알아볼 수 없는 형태의 이용 통계 작성',
];

const KEPT_BY_LAW: ReadonlyArray<{ record: string; law: string; period: string }> = [
  { record: '계약 또는 청약철회 등에 관한 기록', law: '전자상거래 등에서의 소비자보호에 관한 법률', period: '5년' },
  {
    record: '대금 결제 및 재화 등의 공급에 관한 기록',
    law: '전자상거래 등에서의 소비자보호에 관한 법률',
    period: '5년',
  },
  {
    record: '소비자의 불만 또는 분쟁 처리에 관한 기록',
    law: '전자상거래 등에서의 소비자보호에 관한 법률',
    period: '3년',
  },
  { record: '서비스 접속 기록(로그 기록, 접속 IP 주소)', law: '통신비밀보호법', period: '3개월' },
];

/** The trustees by name, as the running configuration names them (generic words until it loads or if it lacks one). */
function trusteesOf(trustees: SiteInfo['privacyTrustees'] | undefined): ReadonlyArray<{ who: string; work: string }> {
  return [
    {
      who: trustees?.payment || '결제대행사',
      work: '결제 처리, 정기 결제를 위한 결제 수단 등록(빌링키 발급·보관), 결제 취소와 환불',
    },
    { who: trustees?.mail || '이메일 발송 업체', work: '회원 가입 인증 메일과 비밀번호 재설정 메일 발송' },
  ];
}

const SAFEGUARDS: readonly string[] = [
  '비밀번호 일방향 암호화: 비밀번호는 복원할 수 없는 방식(argon2id 해시)으로 변환해 저장하므로 회사도 원래 비밀번호를 알 수 없습니다.',
  '전송 구간 암호화: 서비스와 주고받는 모든 정보는 HTTPS(TLS)로 암호화해 전송합니다.',
  '접근 통제: 관리자 기능은 관리자 권한이 있는 계정만 쓸 수 있고, 개인정보를 저장하는 서버는 외부에서 직접 접속할 수 없는 내부망에 둡니다. 로그인 실패가 되풀이되면 접속을 일시적으로 제한합니다.',
  '관리적 조치: 개인정보를 다루는 사람을 최소한으로 정해 교육하고, 내부 관리 계획을 세워 시행합니다.',
];

const REMEDIES: ReadonlyArray<{ name: string; phone: string; url: string }> = [
  { name: '개인정보분쟁조정위원회', phone: '1833-6972', url: 'https://www.kopico.go.kr' },
  { name: '개인정보침해신고센터(한국인터넷진흥원)', phone: '118', url: 'https://privacy.kisa.or.kr' },
  { name: '대검찰청', phone: '1301', url: 'https://www.spo.go.kr' },
  { name: '경찰청', phone: '182', url: 'https://ecrm.police.go.kr' },
];

function Article({ no, title, children }: { no: number; title: string; children: ReactNode }) {
  return (
    <section className="privacy-article" aria-labelledby={`privacy-${no}`}>
      <h2 id={`privacy-${no}`}>
        제{no}조 ({title})
      </h2>
      {children}
    </section>
  );
}

export function PrivacyPage() {
  const site = useSiteInfo();
  // Until the details arrive the text reads "회사는 …", then "(상호)(이하 “회사”)는 …".
  const company = site?.business.name ? `${site.business.name}(이하 “회사”)` : '회사';
  const officer = site?.privacyOfficer;
  const business = site?.business;
  return (
    <section className="privacy">
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <p className="lead">
        {company}는 {SITE.serviceName} 서비스(이하 “서비스”)를 제공하면서 「개인정보 보호법」 제30조에 따라 이용자의
        개인정보를 보호하고, 이와 관련한 고충을 빠르고 원활하게 처리할 수 있도록 다음과 같이 개인정보 처리방침을 정하여
        공개합니다.
      </p>

      <Article no={1} title="처리하는 개인정보의 항목">
        <p>회사는 서비스 제공에 필요한 최소한의 개인정보만 처리합니다.</p>
        <div className="table-scroll">
          <table className="table">
            <caption className="sr-only">처리하는 개인정보의 항목</caption>
            <thead>
              <tr>
                <th scope="col">구분</th>
                <th scope="col">항목</th>
                <th scope="col">수집 방법</th>
              </tr>
            </thead>
            <tbody>
              {COLLECTED.map((row) => (
                <tr key={row.when}>
                  <th scope="row">{row.when}</th>
                  <td>{row.items}</td>
                  <td>{row.how}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>카드 번호 등 결제 수단 정보는 결제대행사가 직접 받아 처리하며, 회사는 이를 받거나 저장하지 않습니다.</p>
      </Article>

      <Article no={2} title="개인정보의 수집·이용 목적">
        <p>회사는 다음 목적을 위해 개인정보를 처리합니다.</p>
        <ol>
          {PURPOSES.map((purpose) => (
            <li key={purpose}>{purpose}</li>
          ))}
        </ol>
        <p>
          회사는 이 목적 외의 용도로 개인정보를 이용하지 않으며, 목적이 바뀌면 「개인정보 보호법」 제18조에 따라 따로
          동의를 받는 등 필요한 조치를 합니다.
        </p>
      </Article>

      <Article no={3} title="개인정보의 처리 및 보유 기간">
        <p>
          회사는 회원이 탈퇴하면 개인정보를 지체 없이 파기합니다. 다만 다음 정보는 관련 법령에 따라 정해진 기간 동안
          보관한 뒤 파기합니다.
        </p>
        <div className="table-scroll">
          <table className="table">
            <caption className="sr-only">법령에 따라 보관하는 정보</caption>
            <thead>
              <tr>
                <th scope="col">보관하는 정보</th>
                <th scope="col">근거 법령</th>
                <th scope="col" className="nowrap">
                  보유 기간
                </th>
              </tr>
            </thead>
            <tbody>
              {KEPT_BY_LAW.map((row) => (
                <tr key={row.record}>
                  <th scope="row">{row.record}</th>
                  <td>{row.law}</td>
                  <td className="nowrap">{row.period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Article>

      <Article no={4} title="개인정보 처리의 위탁">
        <p>회사는 원활한 서비스 제공을 위해 다음과 같이 개인정보 처리 업무를 위탁합니다.</p>
        <div className="table-scroll">
          <table className="table">
            <caption className="sr-only">개인정보 처리 위탁</caption>
            <thead>
              <tr>
                <th scope="col">수탁자</th>
                <th scope="col">위탁 업무</th>
              </tr>
            </thead>
            <tbody>
              {trusteesOf(site?.privacyTrustees).map((row) => (
                <tr key={row.who}>
                  <th scope="row">{row.who}</th>
                  <td>{row.work}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          수탁자는 위탁 계약이 끝나거나 위탁 업무에 필요한 기간이 지나면 개인정보를 파기합니다. 회사는 위탁 계약을 맺을
          때 「개인정보 보호법」 제26조에 따라 위탁 업무 외의 처리 금지, 안전성 확보 조치, 재위탁 제한, 수탁자에 대한
          관리·감독, 손해배상 책임 등을 문서로 정하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다. 위탁 업무나
          수탁자가 바뀌면 이 처리방침을 고쳐 지체 없이 알립니다.
        </p>
      </Article>

      <Article no={5} title="개인정보의 제3자 제공">
        <p>
          회사는 이용자의 개인정보를 제3자에게 제공하지 않습니다. 다만 이용자가 따로 동의한 경우와 법률에 특별한 규정이
          있거나 법령상 의무를 지키기 위해 불가피한 경우(예: 수사 기관이 법령에 정해진 절차에 따라 요청한 경우)에는
          예외로 합니다.
        </p>
      </Article>

      <Article no={6} title="정보주체와 법정대리인의 권리·의무 및 행사 방법">
        <ol>
          <li>
            이용자는 언제든지 회사에 개인정보의 열람, 정정, 삭제, 처리정지를 요구하고 개인정보 처리에 대한 동의를 철회할
            수 있습니다.
          </li>
          <li>
            이름과 휴대전화 번호는 <Link to={PATHS.userInfo}>내 정보</Link> 화면에서 직접 고칠 수 있고, 동의 철회와
            삭제는 <Link to={PATHS.withdraw}>회원 탈퇴</Link> 화면에서 할 수 있습니다. 그 밖의 요구는 제11조의 개인정보
            보호책임자에게 이메일로 보내 주시면 회사는 10일 이내에 조치하고 결과를 알립니다.
          </li>
          <li>
            권리 행사는 법정대리인이나 위임을 받은 사람 등 대리인을 통해서도 할 수 있습니다. 이 경우 위임장을 제출해야
            합니다.
          </li>
          <li>
            다른 법령에서 수집 대상으로 정한 개인정보는 삭제를 요구할 수 없으며, 법률에 특별한 규정이 있는 경우 등에는
            열람과 처리정지 요구가 제한될 수 있습니다.
          </li>
          <li>회사는 요구한 사람이 본인이거나 정당한 대리인인지 확인합니다.</li>
        </ol>
      </Article>

      <Article no={7} title="만 14세 미만 아동의 개인정보 처리">
        <p>
          만 14세 미만 아동이 회원으로 가입하려면 법정대리인의 동의가 필요합니다(이용약관 제6조). 회사는 동의를 받기
          위해 필요한 최소한의 법정대리인 정보(이름, 연락처)를 아동에게서 받을 수 있으며, 동의가 확인되지 않으면 가입을
          취소하고 수집한 정보를 지체 없이 파기합니다. 법정대리인은 아동의 개인정보 열람, 정정, 삭제, 처리정지를 요구할
          수 있습니다.
        </p>
      </Article>

      <Article no={8} title="개인정보의 파기 절차 및 방법">
        <ol>
          <li>
            파기 절차: 보유 기간이 지나거나 처리 목적을 이룬 개인정보는 지체 없이 파기합니다. 회원이 탈퇴하면 이메일
            주소, 이름, 휴대전화 번호, 비밀번호 해시를 바로 지우고 단어장과 검색 기록도 함께 삭제합니다. 법령에 따라
            보관해야 하는 정보(제3조)는 다른 개인정보와 분리해 보관하고, 그 기간이 지나면 파기합니다.
          </li>
          <li>
            파기 방법: 전자 파일 형태의 정보는 복구하거나 재생할 수 없는 방법으로 삭제하고, 종이에 출력한 정보는
            분쇄하거나 소각합니다.
          </li>
        </ol>
      </Article>

      <Article no={9} title="개인정보의 안전성 확보 조치">
        <p>회사는 개인정보를 안전하게 처리하기 위해 다음 조치를 하고 있습니다.</p>
        <ol>
          {SAFEGUARDS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </Article>

      <Article no={10} title="쿠키의 설치·운영 및 거부">
        <ol>
          <li>
            회사는 로그인 상태와 최근 검색 기록을 유지하기 위해 세션 쿠키(이름: <code>sid</code>)를 사용합니다. 이
            쿠키에는 무작위로 만든 세션 식별값만 들어 있고 스크립트로 읽을 수 없게(HttpOnly) 설정됩니다. 회원의 세션은
            로그아웃하거나 로그인 후 14일이 지나면, 비회원의 세션은 마지막 이용 후 하루가 지나면 효력이 없어집니다.
          </li>
          <li>회사는 광고나 방문 추적을 위한 쿠키를 사용하지 않습니다.</li>
          <li>
            이 밖에 로그인한 회원의 기본 정보(회원 번호, 이메일 주소)와 기기 인증 키를 이용자의 브라우저 저장소에
            보관합니다.
          </li>
          <li>
            이용자는 웹 브라우저 설정에서 쿠키 저장을 거부하거나 저장된 쿠키와 브라우저 저장소의 정보를 지울 수
            있습니다. 다만 세션 쿠키를 거부하면 로그인이 필요한 서비스를 이용할 수 없습니다.
          </li>
        </ol>
      </Article>

      <Article no={11} title="개인정보 보호책임자">
        <p>
          회사는 개인정보 처리에 관한 업무를 총괄해서 책임지고, 개인정보와 관련한 이용자의 불만 처리와 피해 구제를 위해
          다음과 같이 개인정보 보호책임자를 지정하고 있습니다.
        </p>
        {site === undefined ? (
          <p className="muted" role="status">
            연락처를 불러오고 있습니다…
          </p>
        ) : !officer?.name ? (
          <p className="callout callout-warning" role="alert">
            개인정보 보호책임자의 연락처를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
          </p>
        ) : (
          <dl className="privacy-contact">
            <dt>개인정보 보호책임자</dt>
            <dd>{officer.name}</dd>
            <dt>연락처</dt>
            <dd>{isEmail(officer.email) ? <a href={`mailto:${officer.email}`}>{officer.email}</a> : officer.email}</dd>
            {business?.phone && (
              <>
                <dt>고객센터</dt>
                <dd>
                  <a href={telHref(business.phone)}>{business.phone}</a>
                  {business.hours && ` · 운영 시간 ${business.hours}`}
                </dd>
              </>
            )}
          </dl>
        )}
        <p>
          서비스를 이용하면서 생긴 개인정보 보호 관련 문의, 불만 처리, 피해 구제 등은 개인정보 보호책임자에게 문의해
          주세요. 회사는 지체 없이 답변하고 처리합니다.
        </p>
      </Article>

      <Article no={12} title="권익침해 구제 방법">
        <p>이용자는 개인정보 침해에 대한 구제를 받기 위해 다음 기관에 분쟁 해결이나 상담을 신청할 수 있습니다.</p>
        <ul>
          {REMEDIES.map((remedy) => (
            <li key={remedy.name}>
              {remedy.name}: <span className="nowrap">(국번 없이) {remedy.phone}</span>,{' '}
              <a href={remedy.url} target="_blank" rel="noopener noreferrer">
                {remedy.url.replace(/^https:\/\//, '')}
                <span className="sr-only"> (새 창)</span>
              </a>
            </li>
          ))}
        </ul>
      </Article>

      <Article no={13} title="개인정보 처리방침의 변경">
        <p>
          이 개인정보 처리방침은 {PRIVACY_EFFECTIVE_FROM}부터 시행합니다. 내용을 추가하거나 바꾸면 시행 7일 전부터
          공지사항으로 알리며, 이용자의 권리에 중요한 변경이 있으면 30일 전에 알립니다.
        </p>
      </Article>
    </section>
  );
}
