import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isDuplicateLogin } from '../../app/api';
import { dictionaryDetailPath, dictionarySearchPath, PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Accordion } from '../../ui/Accordion';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { selectUser } from '../account/authSlice';
import { ANONYMOUS_USER_ID, readAuthKey } from '../account/storedUser';
import {
  useAddHeadwordToWordbookMutation,
  useExternalLinkMutation,
  useWordSynItemsQuery,
  type GubnItem,
  type WordSynItem,
} from './dictionaryApi';
import { searchStarted } from './dictionarySlice';
import { EXTERNAL_SITES, shareMessage, SIMILAR, type ExternalSite } from './format';
import { HanjaMorphemes } from './HanjaMorphemes';
import { PromptDialog } from './PromptDialog';
import { SuggestSearchBar } from './SuggestSearchBar';
import './dictionary.css';

/** Spec §6 and §8. */
export const MESSAGES = {
  joinFirst: '회원 가입 후 이용해 주세요.',
  fetchFailed: '유의어를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  saveFailed: '저장중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  saved: '단어장에 저장하였습니다.',
  shared: (word: string) => `‘${word}’의 비슷한말을 공유하였습니다.`,
  copied: (word: string) => `‘${word}’의 비슷한말과 링크를 복사하였습니다. 원하는 곳에 붙여 넣어 주세요.`,
  nothingToShare: '공유할 비슷한말이 없습니다.',
  shareFailed: '공유하지 못했습니다. 다시 시도해 주세요.',
  badId: '단어 정보가 올바르지 않습니다.',
} as const;

/** What the wordbook button hands over (spec §3 wordbook item). */
export interface WordbookEntry {
  userId: number;
  pyojaeId: number;
  word: string;
  hanja: string;
  linkUrl: string;
}

export interface DetailPageProps {
  /**
   * The wordbook feature wires saving here. Without it, a member's click calls
   * POST /api/dic/wordbook/insertWordbookItem directly; guests always get the join prompt.
   */
  onAddToWordbook?: (entry: WordbookEntry) => void | Promise<void>;
}

interface LinkState {
  word?: string;
  hanja?: string;
  linkUrl?: string;
}

type Prompt =
  { kind: 'join'; reason: string } | { kind: 'subscribe' } | { kind: 'external'; site: ExternalSite } | null;

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Synonym detail (spec §2.3): categories in an accordion, the cut made by the server. */
export function DetailPage({ onAddToWordbook }: DetailPageProps = {}) {
  const dispatch = useAppDispatch();
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const userId = user?.id ?? ANONYMOUS_USER_ID;
  const linkState = (location.state ?? {}) as LinkState;

  // A new user (login, logout) or a new id is a new argument: RTK Query refetches (spec §4).
  const { data, error, isFetching, isError } = useWordSynItemsQuery(
    { userId, pyojaeId: id ?? 0, userAuthKey: readAuthKey() },
    { skip: id === null, refetchOnMountOrArgChange: true },
  );
  const [recordExternal] = useExternalLinkMutation();
  const [saveToWordbook, saving] = useAddHeadwordToWordbookMutation();
  const [openKey, setOpenKey] = useState<string | number | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);

  // First category open on load, and again for every new headword.
  const loadedId = data?.pyojaeItem.ID;
  const firstCategory = data?.gubnItems[0]?.GUBN ?? null;
  useEffect(() => {
    setOpenKey(firstCategory);
  }, [loadedId, firstCategory]);

  useEffect(() => {
    if (!isError) return;
    // Another device signed in to this account: the API slice logged this one out and said so.
    if (isDuplicateLogin(error)) return;
    notify.error(errorMessage(error, MESSAGES.fetchFailed));
  }, [isError, error]);

  const headword = data?.pyojaeItem;
  const word = headword?.WORD ?? linkState.word ?? '';
  const hanja = headword ? (headword.HANJA ?? '') : (linkState.hanja ?? '');
  const guest = user === null || data?.reader === 'visitor';
  const linkUrl = id ? dictionaryDetailPath(id) : '';

  const wordsOf = (gubn: string): WordSynItem[] => (data?.wordSynItems ?? []).filter((w) => w.GUBN === gubn);

  const back = () => {
    // A deep link has no page to go back to: go to the results or home instead.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate(PATHS.root);
  };

  const addToWordbook = async () => {
    if (guest || !user || !id || !headword) {
      setPrompt({ kind: 'join', reason: MESSAGES.joinFirst });
      return;
    }
    const entry: WordbookEntry = { userId: user.id, pyojaeId: id, word: headword.WORD, hanja, linkUrl };
    if (onAddToWordbook) {
      await onAddToWordbook(entry);
      return;
    }
    try {
      const result = await saveToWordbook(entry).unwrap();
      // Saving a word twice changes nothing: that is news, not success.
      if (result.duplicate) notify.info(result.message || MESSAGES.saved);
      else notify.success(result.message || MESSAGES.saved);
    } catch (err) {
      notify.error(errorMessage(err, MESSAGES.saveFailed));
    }
  };

  const share = async () => {
    if (guest) {
      setPrompt({ kind: 'join', reason: MESSAGES.joinFirst });
      return;
    }
    const words = wordsOf(SIMILAR).map((w) => w.WORD);
    if (words.length === 0 || !headword || !id) {
      notify.info(MESSAGES.nothingToShare);
      return;
    }
    const message = shareMessage(
      headword,
      SIMILAR,
      words,
      new URL(dictionaryDetailPath(id), window.location.origin).href,
    );
    const payload = { title: message.title, text: message.text, url: message.url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(payload))) {
      try {
        await navigator.share(payload);
        notify.success(MESSAGES.shared(headword.WORD));
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        // Sharing is not allowed here: fall back to the clipboard.
      }
    }
    try {
      await navigator.clipboard.writeText(message.clipboard);
      notify.success(MESSAGES.copied(headword.WORD));
    } catch {
      notify.error(MESSAGES.shareFailed);
    }
  };

  const search = (keyword: string) => {
    dispatch(searchStarted(keyword));
    void navigate(dictionarySearchPath(keyword));
  };

  const openRemaining = () =>
    setPrompt(data?.reader === 'visitor' ? { kind: 'join', reason: MESSAGES.joinFirst } : { kind: 'subscribe' });

  const categoryBody = (g: GubnItem) => (
    <>
      <ul className="syn-list">
        {wordsOf(g.GUBN).map((w) => (
          <li key={`${g.GUBN}-${w.WORD_ID}`}>
            <Link to={dictionaryDetailPath(w.WORD_ID)} state={{ word: w.WORD, hanja: w.HANJA ?? '' }}>
              {w.WORD}
              {w.HANJA ? (
                <span className="syn-hanja" lang="ko-Hani">
                  {' '}
                  {w.HANJA}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {g.REMAIN_CNT > 0 ? (
        <button type="button" className="remain-badge" onClick={openRemaining}>
          +{g.REMAIN_CNT}
          <span> 더 보기</span>
          <span className="sr-only"> ({g.GUBN})</span>
        </button>
      ) : null}
    </>
  );

  const site = prompt?.kind === 'external' ? EXTERNAL_SITES[prompt.site] : null;

  return (
    <section className="dictionary-detail">
      <PageHeading title={word ? `${word} 유의어` : '유의어 상세'}>유의어 상세</PageHeading>
      <SuggestSearchBar onSearch={search} />
      <div className="detail-toolbar actions">
        <button type="button" className="button button-small" onClick={back}>
          ← 뒤로
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => void addToWordbook()}
          disabled={saving.isLoading || (!headword && !guest)}
        >
          단어장에 담기
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => void share()}
          disabled={!headword && !guest}
        >
          공유하기
        </button>
      </div>

      {id === null ? (
        <p role="alert" className="callout callout-warning">
          {MESSAGES.badId}
        </p>
      ) : (
        <>
          <p className="headword">
            <span className="headword-word">{word}</span>
            {hanja ? (
              <span className="headword-hanja" lang="ko-Hani">
                {hanja}
              </span>
            ) : null}
            {headword?.SENSE ? <span className="headword-sense">{headword.SENSE}</span> : null}
          </p>
          {isFetching && !data ? <Loader label="유의어를 불러오는 중입니다…" /> : null}
          {isError ? (
            <p role="alert" className="callout callout-warning">
              {errorMessage(error, MESSAGES.fetchFailed)}
            </p>
          ) : null}
          {data ? (
            data.gubnItems.length === 0 ? (
              <p className="muted">이 낱말에는 아직 등록된 유의어가 없습니다.</p>
            ) : (
              <Accordion
                items={data.gubnItems.map((g) => ({
                  key: g.GUBN,
                  header: (
                    <span className="category-header">
                      {g.GUBN}
                      <span className="category-count" aria-label={`${g.TOTAL_CNT}개`}>
                        {g.TOTAL_CNT}
                      </span>
                    </span>
                  ),
                  body: categoryBody(g),
                }))}
                openKey={openKey}
                onToggle={setOpenKey}
              />
            )
          ) : null}
          {hanja ? <HanjaMorphemes key={id} hanja={hanja} selfId={id} /> : null}
          {word ? (
            <div className="external-links">
              <h2 className="sr-only">다른 사전에서 보기</h2>
              {(Object.keys(EXTERNAL_SITES) as ExternalSite[]).map((key) => (
                <button
                  key={key}
                  type="button"
                  className="link-button"
                  onClick={() => setPrompt({ kind: 'external', site: key })}
                >
                  {EXTERNAL_SITES[key].name}에서 보기
                </button>
              ))}
            </div>
          ) : null}
        </>
      )}

      <PromptDialog
        open={prompt?.kind === 'join'}
        title="회원 가입 안내"
        onClose={() => setPrompt(null)}
        action={{
          label: '회원 가입',
          onClick: () => {
            setPrompt(null);
            void navigate(PATHS.join);
          },
        }}
      >
        <p>{prompt?.kind === 'join' ? prompt.reason : MESSAGES.joinFirst}</p>
        <p className="muted">회원은 범주마다 2개까지, 구독 회원은 모든 유의어를 볼 수 있습니다.</p>
      </PromptDialog>
      <PromptDialog
        open={prompt?.kind === 'subscribe'}
        title="구독 안내"
        onClose={() => setPrompt(null)}
        action={{
          label: '구독하기',
          onClick: () => {
            setPrompt(null);
            void navigate(PATHS.payment);
          },
        }}
      >
        <p>구독하면 모든 유의어를 볼 수 있습니다.</p>
        <p className="muted">월 3,000원으로 11개 범주의 유의어를 모두 보세요.</p>
      </PromptDialog>
      <PromptDialog
        open={prompt?.kind === 'external'}
        title="외부 사이트 안내"
        onClose={() => setPrompt(null)}
        action={{
          label: '이동하기',
          href: site && word ? site.url(word) : undefined,
          onClick: () => {
            if (prompt?.kind === 'external' && id) void recordExternal({ userId, linkType: prompt.site, wordId: id });
            setPrompt(null);
          },
        }}
      >
        <p>{site?.name ?? '외부 사이트'}(외부 사이트)로 이동합니다.</p>
        <p className="muted">새 창에서 열리며, 그 사이트의 내용은 한국어 유의어 사전이 제공하지 않습니다.</p>
      </PromptDialog>
    </section>
  );
}
