import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { RequireMember } from '../payment/RequireMember';
import { usePresentCouponMutation, type FoundUser, type MemberCoupon } from './couponApi';
import { COUPON_TEXT as M } from './texts';
import { UserSearch } from './UserSearch';
import './coupon.css';

const TITLE = routeInfo('couponGift').title;

/** /coupon/Gift (spec §2.4): the coupon chosen on /coupon, a recipient from the search, gift. */
export function CouponGiftPage() {
  return <RequireMember title={TITLE}>{(userId) => <Gift userId={userId} />}</RequireMember>;
}

function Gift({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const coupon = (useLocation().state as { coupon?: MemberCoupon } | null)?.coupon;
  const [target, setTarget] = useState<FoundUser | null>(null);
  const [present, sending] = usePresentCouponMutation();

  const gift = async () => {
    if (!coupon || !target || target.ID === 0) {
      notify.warn(M.giftTargetInvalid);
      return;
    }
    try {
      await present({ couponId: coupon.ID, userId, targetUserId: target.ID, status: 'PRESENT' }).unwrap();
      notify.success(M.giftDone);
      navigate(-1);
    } catch (err) {
      notify.error(errorMessage(err, M.giftError));
    }
  };

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {coupon ? (
        <dl className="coupon-summary" aria-label="선물할 쿠폰">
          <dt>쿠폰명</dt>
          <dd>{coupon.PRODUCT_NAME}</dd>
          <dt>쿠폰 코드</dt>
          <dd className="coupon-code">{coupon.COUPON_CODE}</dd>
          <dt>그룹명</dt>
          <dd>{coupon.COUPON_NAME}</dd>
          <dt>발급일</dt>
          <dd>{coupon.ISSUE_DATE ?? '-'}</dd>
          <dt>만료일</dt>
          <dd>{coupon.EXPIRED_DATE ?? '-'}</dd>
        </dl>
      ) : (
        <p className="callout callout-warning" role="alert">
          선물할 쿠폰을 <Link to={PATHS.coupon}>내 쿠폰</Link>에서 먼저 선택해 주세요.
        </p>
      )}
      <h2>받는 사람</h2>
      <UserSearch onChoose={setTarget} minLength={2} loadError={M.giftError} />
      <p aria-live="polite">
        선택한 사람:{' '}
        <span className="coupon-chosen" data-testid="gift-target">
          {target ? `${target.USEREMAIL} (${target.USERNAME})` : '없음'}
        </span>
      </p>
      <ul className="note">
        <li>받는 사람은 검색하여 선택해 주세요.</li>
        <li>선물한 쿠폰은 취소하거나 변경할 수 없습니다.</li>
        <li>선물해도 쿠폰의 만료일은 바뀌지 않습니다.</li>
      </ul>
      <div className="coupon-actions">
        <button type="button" className="button" onClick={() => navigate(-1)}>
          뒤로
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={sending.isLoading}
          onClick={() => void gift()}
        >
          선물하기
        </button>
      </div>
    </section>
  );
}
