import { Fragment, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from './paths';
import { businessLines, type FooterPart } from './business';
import { SITE } from './site';
import { useSiteInfo } from './siteInfo';

const TermsDialog = lazy(() => import('../features/info/TermsDialog').then((m) => ({ default: m.TermsDialog })));

/** The service opened in July 2007 (spec §1); the end year is read from the clock at render. */
const FIRST_YEAR = 2007;

function Part({ part }: { part: FooterPart }) {
  return (
    <>
      {`${part.label} `}
      {part.kind === 'link' ? <a href={part.href}>{part.value}</a> : part.value}
    </>
  );
}

/** Contact and business registration details (spec §1), from the gateway's configuration (/site.json). */
export function SiteFooter() {
  const [termsOpen, setTermsOpen] = useState(false);
  const lines = businessLines(useSiteInfo()?.business);
  return (
    <footer className="site-footer">
      <ul className="footer-links">
        <li>
          <Link to={PATHS.company}>회사 소개</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
            이용약관
          </button>
        </li>
        <li>
          {/* Set apart in bold, as the policy-writing guidelines ask and Korean sites do. */}
          <Link to={PATHS.privacy}>
            <strong>개인정보 처리방침</strong>
          </Link>
        </li>
        <li>
          <Link to={PATHS.notice}>공지사항</Link>
        </li>
        <li>
          <Link to={PATHS.compare}>사전 비교</Link>
        </li>
      </ul>
      {lines.length > 0 && (
        <address className="business">
          {lines.map((line, i) => (
            <p key={i}>
              {line.map((part, j) => (
                <Fragment key={j}>
                  {j > 0 && ' · '}
                  {/* A label never wraps away from its value (styles.css). */}
                  <span className="business-part">
                    <Part part={part} />
                  </span>
                </Fragment>
              ))}
            </p>
          ))}
        </address>
      )}
      <p className="copyright">
        © {FIRST_YEAR}–{new Date().getFullYear()} {SITE.serviceName} (옛 {SITE.formerName})
      </p>
      {termsOpen && (
        <Suspense fallback={null}>
          <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
