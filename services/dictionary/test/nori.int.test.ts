// Korean analysis on the real Elasticsearch that `npm run infra:up` prepares: the nori plugin is there
// (the build infra:up installed), an invalid analyser setting says what is wrong, and word forms
// typed from running text find their headword first through the real gateway.
import { randomBytes } from 'node:crypto';
import { errors, type estypes } from '@elastic/elasticsearch';
import { expectedNoriVersion, NORI_PLUGIN } from '../../../deploy/local/elasticsearch/nori';
import { ANALYZER, HEADWORD_ANALYSIS } from '../src/store/mapping';
import { analyseQuery } from '../src/store/read';
import { useDefaultDatasetBehindGateway, type SearchRow } from './harness';

const dict = useDefaultDatasetBehindGateway('nori');
const { es, alias, search } = dict;

describe('the nori plugin of the local Elasticsearch', () => {
  it('when infra:up has run, then the node runs the current build of the plugin', async () => {
    const plugins = await es.cat.plugins({ format: 'json', h: 'component,version' });
    expect(plugins).toEqual(expect.arrayContaining([{ component: NORI_PLUGIN, version: expectedNoriVersion() }]));
  });

  it("when the index's analyzer reads a word form, then its stem and tag come out", async () => {
    const morphemes = await analyseQuery(es, alias, '보면서');
    expect(morphemes?.[0]).toEqual(expect.objectContaining({ token: '보', tag: 'VV' }));
    const stems = await es.indices.analyze({ index: alias, analyzer: ANALYZER.stems, text: '아름다운 학교에서' });
    expect(stems.tokens?.map((t) => t.token)).toEqual(['아름답', '학교']);
  });

  it('when an analyser setting is invalid, then the answer names the setting and what is allowed', async () => {
    const index = `nori-invalid-${randomBytes(4).toString('hex')}`;
    // decompound_mode is a closed set in the client's types: an invalid value needs a cast.
    const tokenizer = { type: 'nori_tokenizer', decompound_mode: 'sometimes' } as unknown as estypes.AnalysisTokenizer;
    const err = await es.indices
      .create({ index, settings: { analysis: { ...HEADWORD_ANALYSIS, tokenizer: { ko_discard: tokenizer } } } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    await es.indices.delete({ index }, { ignore: [404] });
    expect(err).toBeInstanceOf(errors.ResponseError);
    // Elasticsearch wraps a stable plugin's exception (a 500); the plugin's message is the innermost cause.
    expect(JSON.stringify((err as errors.ResponseError).body)).toContain(
      '[nori_tokenizer] invalid setting [decompound_mode]: must be one of [none, discard, mixed], got [sometimes]',
    );
  });
});

describe('word forms from running text, through the gateway', () => {
  it.each([
    ['사랑을', '사랑'],
    ['학교에서', '학교'],
    ['보면서', '보다'],
    ['드셨습니다', '드시다'],
    ['아름다운', '아름답다'],
  ])('when %s is searched, then %s is the first row and named as its base form', async (query, headword) => {
    const r = await search(query);
    expect(r.results.wordInfoItems[0]?.WORD).toBe(headword);
    expect(r.results.baseForm).toEqual(expect.objectContaining({ query, lemma: headword }));
  });

  it('when an honorific form is searched, then its plain word is shown with it', async () => {
    const r = await search('드셨습니다');
    expect(r.results.honorific?.plainItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ GUBN: '높임말', WORD: '먹다' })]),
    );
  });

  it('when punctuation and stray spaces come with the query, then they are ignored', async () => {
    expect((await search('사랑!!')).results.wordInfoItems[0]?.WORD).toBe('사랑');
    expect((await search('아름 답다')).results.wordInfoItems[0]?.WORD).toBe('아름답다');
  });

  it('when an inflected form is typed, then the suggestions hold its dictionary form', async () => {
    const res = await fetch(`${dict.url()}/api/dic/search/suggest?q=${encodeURIComponent('아름다운')}`);
    const body = (await res.json()) as { suggestItems: SearchRow[] };
    expect(body.suggestItems.map((r) => r.WORD)).toContain('아름답다');
  });
});
