import { NavLink } from 'react-router-dom';
import { BookIcon, GiftIcon, HistoryIcon, LinkIcon, SearchIcon } from '../ui/icons';
import { PATHS } from './paths';

const TABS = [
  { to: PATHS.root, label: '사전 검색', Icon: SearchIcon },
  { to: PATHS.wordbook, label: '단어장', Icon: BookIcon },
  { to: PATHS.history, label: '검색 기록', Icon: HistoryIcon },
  { to: PATHS.qna, label: '관련 사이트', Icon: LinkIcon },
  { to: PATHS.recommend, label: '친구 추천', Icon: GiftIcon },
];

/** Footer tab bar of spec §2.2. */
export function TabBar({ inert }: { inert: boolean }) {
  return (
    <nav className="tab-bar" aria-label="주요 메뉴" inert={inert}>
      <ul>
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end={to === PATHS.root}>
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
