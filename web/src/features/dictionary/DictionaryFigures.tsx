import { SITE, formatNumber } from '../../app/site';
import { useDatasetInfoQuery } from './datasetApi';

/**
 * 표제어 N개, 관계어 M건, read from the loaded index: a page never states a figure the data
 * does not have. While the figures load (or if they cannot be read) no number is shown.
 */
export function DictionaryFigures({ label }: { label: string }) {
  const { data } = useDatasetInfoQuery();
  const figure = (n: number | undefined, unit: string) => (n === undefined ? '…' : `${formatNumber(n)}${unit}`);
  return (
    <dl className="stats" aria-label={label} aria-busy={data === undefined}>
      <div>
        <dt>표제어</dt>
        <dd data-figure="headwords">{figure(data?.headwords, '개')}</dd>
      </div>
      <div>
        <dt>관계어</dt>
        <dd data-figure="relations">{figure(data?.relations, '건')}</dd>
      </div>
      <div>
        <dt>범주</dt>
        <dd>{SITE.categoryCount}개</dd>
      </div>
    </dl>
  );
}
