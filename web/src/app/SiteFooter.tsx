import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from './paths';
import { businessLines, type FooterPart } from './business';
import { SITE } from './site';

const TermsDialog = lazy(() => import('../features/info/TermsDialog').then((m) => ({ default: m.TermsDialog })));

/** Configured at build time (VITE_BUSINESS_*); nothing is shown for what is not configured. */
const BUSINESS_LINES = businessLines(import.meta.env);

/** The service opened in July 2007 (spec §1); the end year is read from the clock at render. */
const FIRST_YEAR = 2007;

function Part({ part }: { part: FooterPart }) {
  const label = part.label ? `${part.label} ` : '';
  if (part.kind === 'link')
    return (
      <>
        {label}
        <a href={part.href}>{part.value}</a>
      </>
    );
  return part.strong ? <strong>{part.value}</strong> : <>{`${label}${part.value}`}</>;
}

/** Contact and business registration details (spec §1). */
export function SiteFooter() {
  const [termsOpen, setTermsOpen] = useState(false);
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
          <Link to={PATHS.notice}>공지사항</Link>
        </li>
        <li>
          <Link to={PATHS.compare}>사전 비교</Link>
        </li>
      </ul>
      {BUSINESS_LINES.length > 0 && (
        <address className="business">
          {BUSINESS_LINES.map((line, i) => (
            <p key={i}>
              {line.map((part, j) => (
                <span key={j}>
                  {j > 0 && ' · '}
                  <Part part={part} />
                </span>
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
