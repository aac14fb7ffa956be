import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { Accordion } from '../../ui/Accordion';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { NOTICES_NEWEST_FIRST, NOTICES_PER_PAGE, noticeNoFromQuery, noticePageOf } from './notices';

export function NoticePage() {
  const [params, setParams] = useSearchParams();
  const openNo = noticeNoFromQuery(params.get('no'));
  const [closed, setClosed] = useState(false);
  const [page, setPage] = useState(() => noticePageOf(openNo));
  // A new `?no=` (badge link, back button) shows its notice open on its page.
  useEffect(() => {
    setPage(noticePageOf(openNo));
    setClosed(false);
  }, [openNo]);
  const totalPages = Math.ceil(NOTICES_NEWEST_FIRST.length / NOTICES_PER_PAGE);
  const visible = NOTICES_NEWEST_FIRST.slice((page - 1) * NOTICES_PER_PAGE, page * NOTICES_PER_PAGE);
  return (
    <section>
      <PageHeading title="공지사항">공지사항</PageHeading>
      <p className="lead">서비스 소식과 이용 안내를 알려 드립니다.</p>
      <Accordion
        openKey={closed ? null : openNo}
        onToggle={(key) => {
          if (key === null) {
            setClosed(true);
            return;
          }
          setClosed(false);
          setParams({ no: String(key) }, { replace: true });
        }}
        items={visible.map((notice) => ({
          key: notice.no,
          header: (
            <span className="notice-header">
              <span className="notice-title">{notice.title}</span>
              <time className="notice-date" dateTime={notice.date}>
                {notice.date}
              </time>
            </span>
          ),
          body: (
            <div className="prose">
              {notice.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {notice.no === 1 && (
                <p>
                  <Link to={PATHS.makeIcon}>홈 화면 바로가기 안내 보기</Link>
                </p>
              )}
            </div>
          ),
        }))}
      />
      <Pager page={page} totalPages={totalPages} onChange={setPage} label="공지사항 페이지" />
    </section>
  );
}

export default NoticePage;
