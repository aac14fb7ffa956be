import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../app/api';
import { routeInfo } from '../../../app/routeTable';
import { DataTable } from '../../../ui/DataTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { Tabs } from '../../../ui/Tabs';
import { notify } from '../../../ui/toast';
import { DateField } from './DateField';
import { defaultPeriod, groupRows, parseDay, periodError, type Grouping } from './period';
import { StatChart, type Series } from './StatChart';
import {
  useConnectStatisticQuery,
  useJoinStatisticQuery,
  useSearchStatisticQuery,
  useSearchWordStatisticQuery,
  type Period,
} from './statisticsApi';
import './statistics.css';

/** Spec §8: 'error while loading statistics info, retry'. */
export const STATISTICS_LOAD_ERROR = '통계 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';

const GROUPINGS: Array<{ key: Grouping; label: string }> = [
  { key: 'day', label: '일별' },
  { key: 'week', label: '주별' },
  { key: 'month', label: '월별' },
];
const WORD_COUNTS = [10, 20, 50];
const numberFormat = new Intl.NumberFormat('ko-KR');
const n = (value: number) => numberFormat.format(value);

interface Column<T> {
  key: keyof T & string;
  label: string;
  numeric?: boolean;
  render?: (row: T) => ReactNode;
}

function StatTable<T extends object>({ caption, columns, rows }: { caption: string; columns: Column<T>[]; rows: T[] }) {
  return (
    // A card per row on a phone (ui/stackTable.css), headed by the row's first column (the day, week or word).
    <DataTable
      rows={rows}
      rowKey={(_row, index) => index}
      empty="통계 정보가 존재하지 않습니다."
      emptyAs="row"
      className="stat-table"
      caption={caption}
      columns={columns.map((c, i) => ({
        header: c.label,
        label: i > 0 ? c.label : undefined,
        numeric: c.numeric,
        className: i === 0 ? 'cell-title' : undefined,
        cell: (row: T) => (c.render ? c.render(row) : c.numeric ? n(Number(row[c.key])) : String(row[c.key])),
      }))}
    />
  );
}

function useLoadErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notify.error(errorMessage(error, STATISTICS_LOAD_ERROR));
  }, [error]);
}

const JOIN_SERIES: Series[] = [
  { key: 'JOIN_CNT', name: '가입', color: '#1d4ed8' },
  { key: 'PAY_CNT', name: '유료 전환', color: '#c2410c' },
  { key: 'CNT', name: '결제', color: '#047857' },
];
const VISIT_SERIES: Series[] = [
  { key: 'CNT', name: '방문자', color: '#1d4ed8' },
  { key: 'USER_CNT', name: '회원', color: '#047857' },
  { key: 'GUEST_CNT', name: '비회원', color: '#c2410c' },
];
const SEARCH_SERIES: Series[] = [
  { key: 'CNT', name: '검색', color: '#1d4ed8' },
  { key: 'VIEW_CNT', name: '낱말 열람', color: '#6d28d9' },
];
const WORD_SERIES: Series[] = [{ key: 'CNT', name: '횟수', color: '#1d4ed8' }];

function JoinPanel({ period, grouping }: { period: Period; grouping: Grouping }) {
  const { data, error, isFetching } = useJoinStatisticQuery(period);
  useLoadErrorToast(error);
  if (!data) return isFetching ? <Loader /> : null;
  const rows = groupRows(data.datas, grouping, ['JOIN_CNT', 'PAY_CNT', 'CNT', 'AMOUNT']);
  return (
    <>
      <dl className="stat-totals">
        <div>
          <dt>전체 회원</dt>
          <dd>{n(data.totalUserCount)}명</dd>
        </div>
        <div>
          <dt>유료 회원</dt>
          <dd>{n(data.totalPaidUserCount)}명</dd>
        </div>
      </dl>
      <StatChart kind="bar" data={rows} xKey="INS_DATE" series={JOIN_SERIES} label="회원 가입 그래프" />
      <StatTable
        caption="회원 가입 현황"
        rows={rows}
        columns={[
          { key: 'INS_DATE', label: '날짜' },
          { key: 'JOIN_CNT', label: '가입', numeric: true },
          { key: 'PAY_CNT', label: '유료 전환', numeric: true },
          { key: 'CNT', label: '결제', numeric: true },
          { key: 'AMOUNT', label: '결제 금액(원)', numeric: true },
        ]}
      />
    </>
  );
}

function VisitPanel({ period, grouping }: { period: Period; grouping: Grouping }) {
  const { data, error, isFetching } = useConnectStatisticQuery(period);
  useLoadErrorToast(error);
  if (!data) return isFetching ? <Loader /> : null;
  const rows = groupRows(data.datas, grouping, ['CNT', 'USER_CNT', 'GUEST_CNT', 'LOGIN_CNT']);
  return (
    <>
      <StatChart kind="line" data={rows} xKey="INS_DATE" series={VISIT_SERIES} label="방문자 그래프" />
      <StatTable
        caption="방문자 현황"
        rows={rows}
        columns={[
          { key: 'INS_DATE', label: '날짜' },
          { key: 'CNT', label: '방문자', numeric: true },
          { key: 'USER_CNT', label: '회원', numeric: true },
          { key: 'GUEST_CNT', label: '비회원', numeric: true },
          { key: 'LOGIN_CNT', label: '로그인', numeric: true },
        ]}
      />
      {grouping !== 'day' && <p className="note">주별·월별 방문자는 날마다 센 방문자 수의 합계입니다.</p>}
    </>
  );
}

function SearchPanel({ period, grouping }: { period: Period; grouping: Grouping }) {
  const { data, error, isFetching } = useSearchStatisticQuery(period);
  useLoadErrorToast(error);
  if (!data) return isFetching ? <Loader /> : null;
  const rows = groupRows(data.datas, grouping, ['CNT', 'VIEW_CNT']);
  return (
    <>
      <StatChart kind="bar" data={rows} xKey="INS_DATE" series={SEARCH_SERIES} label="사전 검색 그래프" />
      <StatTable
        caption="사전 검색 현황"
        rows={rows}
        columns={[
          { key: 'INS_DATE', label: '날짜' },
          { key: 'CNT', label: '검색', numeric: true },
          { key: 'VIEW_CNT', label: '낱말 열람', numeric: true },
        ]}
      />
    </>
  );
}

function WordPanel({ period }: { period: Period }) {
  const [searchCount, setSearchCount] = useState(WORD_COUNTS[0]!);
  const { data, error, isFetching } = useSearchWordStatisticQuery({ ...period, searchCount });
  useLoadErrorToast(error);
  const rows = (data?.datas ?? []).map((w, index) => ({
    ...w,
    RANK: index + 1,
    LABEL: w.HANJA ? `${w.WORD}(${w.HANJA})` : w.WORD,
  }));
  return (
    <>
      <div className="stat-inline-field">
        <label htmlFor="stat-word-count">보여 줄 낱말 수</label>
        <select
          id="stat-word-count"
          value={searchCount}
          onChange={(event) => setSearchCount(Number(event.target.value))}
        >
          {WORD_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}개
            </option>
          ))}
        </select>
      </div>
      {!data && isFetching ? (
        <Loader />
      ) : (
        <>
          {rows.length > 0 && (
            <StatChart
              kind="bar"
              horizontal
              data={rows}
              xKey="LABEL"
              series={WORD_SERIES}
              label="많이 찾은 낱말 그래프"
            />
          )}
          <StatTable
            caption="많이 찾은 낱말"
            rows={rows}
            columns={[
              { key: 'RANK', label: '순위', numeric: true },
              { key: 'WORD', label: '낱말' },
              { key: 'HANJA', label: '한자' },
              { key: 'CNT', label: '횟수', numeric: true },
            ]}
          />
        </>
      )}
    </>
  );
}

/** /mgrStatistic (spec §2.5 item 10): period, day/week/month grouping, four tabs of chart and table. */
export function StatisticPage() {
  const { title } = routeInfo('mgrStatistic');
  const [form, setForm] = useState(defaultPeriod);
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [grouping, setGrouping] = useState<Grouping>('day');
  const [tab, setTab] = useState('join');
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = periodError(form.startDate, form.endDate);
    setFormError(problem);
    if (problem) {
      notify.warn(problem);
      return;
    }
    notify.stepDone();
    const next = { startDate: parseDay(form.startDate)!, endDate: parseDay(form.endDate)! };
    setForm(next);
    setPeriod(next);
  };

  return (
    <section className="admin-page">
      <PageHeading title={title}>{title}</PageHeading>
      <form className="stat-filter" onSubmit={submit} noValidate aria-label="조회 기간">
        <DateField
          label="시작일"
          value={form.startDate}
          invalid={formError !== null}
          onChange={(startDate) => setForm((f) => ({ ...f, startDate }))}
        />
        <DateField
          label="종료일"
          value={form.endDate}
          invalid={formError !== null}
          onChange={(endDate) => setForm((f) => ({ ...f, endDate }))}
        />
        <button type="submit" className="button button-primary">
          검색
        </button>
      </form>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="stat-grouping" role="group" aria-label="묶어 보기">
        {GROUPINGS.map((g) => (
          <button
            key={g.key}
            type="button"
            className="button button-small"
            aria-pressed={grouping === g.key}
            onClick={() => setGrouping(g.key)}
          >
            {g.label}
          </button>
        ))}
      </div>
      <p className="note">
        기간: {period.startDate} ~ {period.endDate} (한국 시간 기준)
      </p>
      <Tabs
        label="통계 종류"
        selected={tab}
        onSelect={setTab}
        items={[
          {
            key: 'join',
            label: '회원 가입',
            panel: tab === 'join' && <JoinPanel period={period} grouping={grouping} />,
          },
          {
            key: 'visit',
            label: '방문자',
            panel: tab === 'visit' && <VisitPanel period={period} grouping={grouping} />,
          },
          {
            key: 'search',
            label: '사전 검색',
            panel: tab === 'search' && <SearchPanel period={period} grouping={grouping} />,
          },
          { key: 'word', label: '많이 찾은 낱말', panel: tab === 'word' && <WordPanel period={period} /> },
        ]}
      />
    </section>
  );
}
