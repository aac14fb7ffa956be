import { useState } from 'react';
import { PageHeading } from '../../ui/PageHeading';
import { Tabs } from '../../ui/Tabs';

interface Guide {
  key: string;
  label: string;
  browser: string;
  steps: string[];
  note: string;
}

const GUIDES: Guide[] = [
  {
    key: 'iphone',
    label: '아이폰',
    browser: 'Safari',
    steps: [
      'Safari로 한국어 유의어 사전에 들어갑니다. (다른 브라우저에서는 메뉴가 다를 수 있습니다.)',
      '화면 아래 가운데의 공유 버튼(네모에서 위쪽 화살표가 나온 모양)을 누릅니다.',
      '메뉴를 위로 밀어 ‘홈 화면에 추가’를 누릅니다.',
      '이름을 확인하고 오른쪽 위의 ‘추가’를 누르면 홈 화면에 사전 아이콘이 생깁니다.',
    ],
    note: 'iOS 16.4 이후에는 Chrome에서도 공유 버튼(주소창 오른쪽)에서 ‘홈 화면에 추가’를 쓸 수 있습니다.',
  },
  {
    key: 'android',
    label: '안드로이드',
    browser: 'Chrome',
    steps: [
      'Chrome으로 한국어 유의어 사전에 들어갑니다.',
      '주소창 오른쪽의 점 세 개(⋮) 메뉴 버튼을 누릅니다.',
      '‘홈 화면에 추가’를 누릅니다. 기기에 따라 ‘앱 설치’ 또는 ‘바로가기 만들기’로 보일 수 있습니다.',
      '이름을 확인하고 ‘추가’를 누른 뒤, 아이콘을 원하는 자리에 놓으면 됩니다.',
    ],
    note: '삼성 인터넷은 화면 아래 메뉴(≡)에서 ‘현재 페이지 추가’ → ‘홈 화면’을 누르면 됩니다.',
  },
];

export function MakeIconPage() {
  const [selected, setSelected] = useState('iphone');
  return (
    <section>
      <PageHeading title="홈 화면에 바로가기 만들기">홈 화면에 바로가기 만들기</PageHeading>
      <p className="lead">
        휴대폰 홈 화면에 아이콘을 만들어 두면 앱을 설치하지 않아도 한 번에 사전을 열 수 있습니다. 쓰시는 휴대폰을 골라
        주세요.
      </p>
      <Tabs
        label="휴대폰 종류"
        selected={selected}
        onSelect={setSelected}
        items={GUIDES.map((guide) => ({
          key: guide.key,
          label: guide.label,
          panel: (
            <div className="prose">
              <h2>
                {guide.label} ({guide.browser})
              </h2>
              <ol className="steps">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <p className="note">{guide.note}</p>
            </div>
          ),
        }))}
      />
    </section>
  );
}

export default MakeIconPage;
