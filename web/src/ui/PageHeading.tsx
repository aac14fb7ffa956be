import { useEffect, useRef, type ReactNode } from 'react';

const SITE_NAME = '한국어 유의어 사전';

// The first page of a visit keeps the browser's natural focus; later pages take it.
let firstPageShown = false;

/**
 * The page's h1. It also sets the document title and takes focus after a
 * client-side navigation, so screen-reader and keyboard users land on the new
 * page instead of the link they left.
 */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
    if (firstPageShown) ref.current?.focus({ preventScroll: true });
    firstPageShown = true;
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
