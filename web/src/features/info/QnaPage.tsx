import { PageHeading } from '../../ui/PageHeading';

const SITES = [
  {
    name: '표준국어대사전',
    url: 'https://stdict.korean.go.kr/',
    by: '국립국어원',
    description:
      '국립국어원이 펴낸 규범 사전입니다. 표준어와 맞춤법, 띄어쓰기의 기준이 되는 뜻풀이와 용례를 찾아볼 때 좋습니다.',
  },
  {
    name: '우리말샘',
    url: 'https://opendict.korean.go.kr/',
    by: '국립국어원',
    description:
      '누구나 뜻풀이를 보태고 고칠 수 있는 참여형 국어사전입니다. 신조어, 전문 용어, 지역어처럼 규범 사전에 없는 말까지 폭넓게 실려 있습니다.',
  },
];

export function QnaPage() {
  return (
    <section>
      <PageHeading title="관련 사이트">관련 사이트</PageHeading>
      <p className="lead">유의어를 찾은 뒤 낱말의 정확한 뜻이나 용례를 더 알고 싶을 때 함께 쓰면 좋은 사전입니다.</p>
      <ul className="card-list">
        {SITES.map((site) => (
          <li key={site.url} className="card">
            <h2>{site.name}</h2>
            <p className="muted">{site.by}</p>
            <p>{site.description}</p>
            <a href={site.url} target="_blank" rel="noopener noreferrer" className="button">
              {site.name} 열기<span className="sr-only"> (새 창)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="muted">외부 사이트는 각 운영 기관이 관리하며, 새 창으로 열립니다.</p>
    </section>
  );
}

export default QnaPage;
