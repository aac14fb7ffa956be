/**
 * Who sells the pass, shown on the order step before the card is asked for (전자상거래법 §13①:
 * the seller's name, representative, address, phone, email, registration and mail-order numbers).
 * The details are the gateway's configuration (/site.json), the same the footer shows.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isEmail, telHref } from '../../app/business';
import { PATHS } from '../../app/paths';
import { useSiteInfo } from '../../app/siteInfo';

export function SellerInfo() {
  const site = useSiteInfo();
  const headingId = useId();
  const business = site?.business;
  return (
    <section className="seller" aria-labelledby={headingId}>
      <h3 id={headingId}>판매자 정보</h3>
      {site === undefined ? (
        <p className="muted" role="status">
          판매자 정보를 불러오고 있습니다…
        </p>
      ) : !business?.name ? (
        <p className="callout callout-warning" role="alert">
          판매자 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
        </p>
      ) : (
        <dl className="seller-details">
          <dt>상호</dt>
          <dd>{business.name}</dd>
          <dt>대표자</dt>
          <dd>{business.representative}</dd>
          <dt>사업자등록번호</dt>
          <dd>{business.registrationNumber}</dd>
          <dt>통신판매업 신고번호</dt>
          <dd>{business.mailOrderNumber}</dd>
          <dt>주소</dt>
          <dd>{business.address}</dd>
          <dt>고객센터</dt>
          <dd>
            <a href={telHref(business.phone)}>{business.phone}</a>
            {isEmail(business.email) && (
              <>
                {' · '}
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </>
            )}
            {business.hours && <span className="seller-hours">{business.hours}</span>}
          </dd>
        </dl>
      )}
      <p className="hint">
        결제 기록은{' '}
        <Link to={PATHS.privacy} target="_blank" rel="noopener">
          개인정보 처리방침<span className="sr-only"> (새 창)</span>
        </Link>
        에 따라 처리되며, 청약 철회와 환불은 이용약관 제10조(청약 철회 및 환불)를 따릅니다.
      </p>
    </section>
  );
}
