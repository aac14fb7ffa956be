// Korean search through the gateway: the dictionary service in-process over the real default
// dataset in Elasticsearch (an alias of its own), behind the real gateway, called as the web app does.
import { useDefaultDatasetBehindGateway, type SearchReply, type SearchRow } from './harness';

const dict = useDefaultDatasetBehindGateway('korean', 120_000);
const { search } = dict;

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${dict.url()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('inflected forms find their dictionary form', () => {
  it.each([
    ['아름다운', '아름답다'],
    ['무서운', '무섭다'],
    ['시끄러운', '시끄럽다'],
    ['우는', '울다'],
    ['먹었습니다', '먹다'],
    ['몰라', '모르다'],
    ['파란', '파랗다'],
    ['공부해', '공부하다'],
    ['학생이었다', '학생'],
  ])('%s → %s, right after any prefix rows, with the base form named', async (query, lemma) => {
    const r = await search(query);
    expect(r.results.baseForm).toEqual(expect.objectContaining({ query, lemma }));
    // Prefix rows keep their place (파란 → 파란색 first); the dictionary form comes next.
    const words = r.results.wordInfoItems.map((w) => w.WORD);
    const at = words.indexOf(lemma);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(words.slice(0, at).every((w) => w.startsWith(query))).toBe(true);
    if (!['파란'].includes(query)) expect(at).toBe(0);
    // The spec's keys stay as they were.
    expect(r.totalElements).toBeGreaterThan(0);
    expect(r.totalPages).toBe(Math.ceil(r.totalElements / 10));
  });

  it('leaves an exact headword alone: no base form, the word itself first', async () => {
    const r = await search('사랑');
    expect(r.results.baseForm).toBeUndefined();
    expect(r.results.wordInfoItems[0]?.WORD).toBe('사랑');
  });
});

describe('honorific and humble forms', () => {
  it.each([
    ['드시다', '먹다'],
    ['잡수시다', '먹다'],
    ['주무시다', '자다'],
    ['여쭈다', '묻다'],
    ['드셨다', '먹다'],
  ])('%s shows its plain word %s as 높임말', async (query, plain) => {
    const r = await search(query);
    expect(r.results.honorific?.plainItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ GUBN: '높임말', WORD: plain })]),
    );
  });

  it('a plain word carries no honorific line', async () => {
    expect((await search('먹다')).results.honorific).toBeUndefined();
  });
});

describe('typos and spelling confusions', () => {
  it.each([
    ['사량', '사랑'],
    ['살앙', '사랑'],
    ['허구헌날', '허구한날'],
    ['몇일', '며칠'],
  ])('%s → 혹시 %s', async (query, meant) => {
    const r = await search(query);
    expect(r.results.didYouMean?.[0]?.WORD).toBe(meant);
  });

  it('결재 is found and 결제 offered beside it', async () => {
    const r = await search('결재');
    expect(r.results.wordInfoItems[0]?.WORD).toBe('결재');
    expect(r.results.didYouMean?.map((d) => d.WORD)).toEqual(['결제']);
  });
});

describe('suggestions while typing', () => {
  it.each([['사ㄹ'], ['ㅅㄹ']])('%s suggests 사랑 and 사람', async (q) => {
    const res = await fetch(`${dict.url()}/api/dic/search/suggest?q=${encodeURIComponent(q)}`);
    const body = (await res.json()) as { suggestItems: SearchRow[] };
    expect(body.suggestItems.map((r) => r.WORD)).toEqual(expect.arrayContaining(['사랑', '사람']));
  });
});

describe('POST /api/dic/search/hanjaItems', () => {
  it('lists the headwords sharing a hanja character, paged', async () => {
    const first = await post<SearchReply>('/api/dic/search/hanjaItems', { hanja: '美', pageSize: 2, pageNum: 0 });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBeGreaterThanOrEqual(5);
    expect(first.body.results.wordInfoItems).toHaveLength(2);
    const all = await post<SearchReply>('/api/dic/search/hanjaItems', { hanja: '美', pageSize: 50, pageNum: 0 });
    const words = all.body.results.wordInfoItems.map((r) => r.WORD);
    expect(words).toEqual(expect.arrayContaining(['미인', '미술', '미덕']));
    expect(all.body.results.wordInfoItems.every((r) => r.HANJA.includes('美'))).toBe(true);
    const second = await post<SearchReply>('/api/dic/search/hanjaItems', { hanja: '美', pageSize: 2, pageNum: 1 });
    expect(second.body.results.wordInfoItems.map((r) => r.ID)).not.toEqual(
      first.body.results.wordInfoItems.map((r) => r.ID),
    );
  });

  it('refuses anything but one hanja character', async () => {
    const r = await post<{ error: boolean; message: string }>('/api/dic/search/hanjaItems', { hanja: '미' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('한자 한 글자를 보내 주세요.');
  });
});
