import { useId, useState } from 'react';
import { PATHS } from '../../app/paths';
import { SITE } from '../../app/site';
import { useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import '../account/account.css';
import { selectUser } from '../account/authSlice';
import { MemberOnly } from '../account/MemberOnly';
import { ReferralRewardTable } from '../coupon/ReferralRewardTable';

const TITLE = '친구 추천';
/** Spec §6/§8: friend recommendation needs signup. */
export const SIGNUP_REQUIRED_MESSAGE = '회원 가입 후 이용해 주세요.';
/** Spec §2.3: optional share text of about 40 characters, then the default hashtags. */
export const SHARE_TEXT_MAX = 40;
export const DEFAULT_HASHTAGS = '#한국어유의어사전 #유의어 #비슷한말';

/** The link a friend follows: the company page records the recommender (messenger type). */
export function recommendLink(origin: string, userId: number): string {
  const search = new URLSearchParams({ recId: String(userId) });
  return `${origin}${PATHS.company}?${search.toString()}`;
}

export function shareMessage(text: string, link: string): string {
  const own = text.trim();
  return `${own !== '' ? `${own}\n` : ''}${DEFAULT_HASHTAGS}\n${link}`;
}

function Recommend({ userId }: { userId: number }) {
  const [text, setText] = useState('');
  const id = useId();
  const link = recommendLink(window.location.origin, userId);
  const message = shareMessage(text, link);

  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: SITE.serviceName, text: message });
        return;
      }
      await navigator.clipboard.writeText(message);
      notify.success('추천 메시지를 복사했습니다. 메신저에 붙여 넣어 친구에게 보내 주세요.');
    } catch (error) {
      // The user closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify.warn('자동 복사를 할 수 없습니다. 아래 추천 링크를 직접 복사해 주세요.');
    }
  };

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      <p className="lead">
        친구에게 {SITE.serviceName}을 추천해 주세요. 추천 링크로 가입한 친구는 7일 무료 이용 쿠폰을 받습니다.
      </p>
      <ReferralRewardTable />
      <div className="account-form">
        <div className="field">
          <label htmlFor={`${id}-text`}>함께 보낼 말 (선택, {SHARE_TEXT_MAX}자 이내)</label>
          <textarea
            id={`${id}-text`}
            name="shareText"
            value={text}
            maxLength={SHARE_TEXT_MAX}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-count`}
            placeholder="예: 글 쓸 때 딱 맞는 낱말 찾기 좋아요!"
          />
          <p id={`${id}-count`} className="field-hint">
            {text.length}/{SHARE_TEXT_MAX}자
          </p>
        </div>
        <div className="field">
          <span id={`${id}-preview-label`}>보낼 메시지 미리 보기</span>
          <p className="share-preview" aria-labelledby={`${id}-preview-label`} data-testid="share-preview">
            {message}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-link`}>추천 링크</label>
          <input id={`${id}-link`} type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
        </div>
        <button type="button" className="button button-primary" onClick={() => void share()}>
          친구에게 추천하기
        </button>
      </div>
    </section>
  );
}

export function RecommendPage() {
  const user = useAppSelector(selectUser);
  return (
    <MemberOnly title={TITLE} message={SIGNUP_REQUIRED_MESSAGE} join>
      {user && <Recommend userId={user.id} />}
    </MemberOnly>
  );
}
