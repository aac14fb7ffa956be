// docs/architecture.md is the generator's output, the generator finds the facts the code states,
// and the patterns it scans source text with match what they claim and nothing else.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  buildDocument,
  builtCases,
  caseHelpers,
  collectFacts,
  createdTables,
  DOC_FILE,
  handledCases,
  headerSentence,
  renderMarkdown,
  stripComments,
  table,
  type ArchitectureFacts,
} from '../scripts/docs/architecture';

describe('docs/architecture.md', () => {
  let facts: ArchitectureFacts;
  beforeAll(async () => {
    facts = await collectFacts();
  });

  const event = (c: string) => facts.events.find((e) => e.case === c);
  const service = (name: string) => facts.services.find((s) => s.name === name);

  it('when generated afresh, then it equals the committed file (run `npm run docs:architecture`)', async () => {
    const committed = readFileSync(DOC_FILE, 'utf8');
    const fresh = await buildDocument();
    if (fresh !== committed) {
      const ours = fresh.split('\n');
      const theirs = committed.split('\n');
      const line = ours.findIndex((text, i) => text !== theirs[i]);
      throw new Error(
        `docs/architecture.md is stale (line ${line + 1}: expected ${JSON.stringify(ours[line])}, ` +
          `found ${JSON.stringify(theirs[line])}): run \`npm run docs:architecture\` and commit the result`,
      );
    }
  });

  it('when this shell runs a moved dev stack (DEV_STACK_OFFSET), then the document is the same', async () => {
    const saved = process.env.DEV_STACK_OFFSET;
    process.env.DEV_STACK_OFFSET = '3';
    try {
      expect(renderMarkdown(await collectFacts())).toBe(renderMarkdown(facts));
    } finally {
      if (saved === undefined) delete process.env.DEV_STACK_OFFSET;
      else process.env.DEV_STACK_OFFSET = saved;
    }
  });

  it('when Prettier checks the committed file, then it leaves it as generated', () => {
    // Prettier 3 cannot run inside jest (its dynamic import needs --experimental-vm-modules): ask its CLI.
    const bin = require.resolve('prettier/bin/prettier.cjs');
    expect(() => execFileSync(process.execPath, [bin, '--check', DOC_FILE], { stdio: 'pipe' })).not.toThrow();
  });

  it('when billing completes a payment, then billing publishes it on billing.events and statistics consumes it', () => {
    expect(event('paymentCompleted')).toMatchObject({
      type: 'billing.PaymentCompleted.v1',
      topic: 'billing.events',
      producer: 'billing',
    });
    expect(event('paymentCompleted')?.consumers).toContain('statistics');
  });

  it('when a pass changes, then account, dictionary and statistics update their projections (passChangeOf counts)', () => {
    expect(event('passChanged')).toMatchObject({
      producer: 'billing',
      consumers: ['account', 'dictionary', 'statistics'],
    });
  });

  it('when a member withdraws, then billing, dictionary, statistics and wordbook act on it, and nobody acts on wordSaved', () => {
    expect(event('userWithdrawn')).toMatchObject({
      producer: 'account',
      consumers: ['billing', 'dictionary', 'statistics', 'wordbook'],
    });
    expect(event('wordSaved')).toMatchObject({ producer: 'wordbook', consumers: [] });
  });

  it('when the stores are listed, then each service shows what its definition and sources own', () => {
    expect(service('account')).toMatchObject({ defaultPort: 4001, urlVariables: ['ACCOUNT_URL'], mail: true });
    expect(service('account')?.postgres?.schema).toBe('account');
    expect(service('account')?.postgres?.tables).toEqual(expect.arrayContaining(['users', 'outbox']));
    expect(service('dictionary')?.elasticAliases).toEqual([{ variable: 'DICTIONARY_ALIAS', alias: 'headwords' }]);
    expect(service('wordbook')).toMatchObject({
      postgres: null,
      mongoCollections: ['processed_events', 'wordbook_items'],
    });
    expect(service('wordbook')?.calls).toEqual([
      { service: 'dictionary', variables: ['DICTIONARY_URL', 'DICTIONARY_URLS'] },
    ]);
    expect(service('statistics')?.produces).toEqual([]);
    expect(facts.gateway).toMatchObject({ portVariable: 'GATEWAY_PORT', devPort: 8080 });
  });

  it('when the gateway routes are listed, then each prefix goes to the service the route table names', () => {
    const owner = (p: string) => facts.routes.find((r) => r.paths.includes(p))?.service;
    expect(owner('/api/dic/search/*')).toBe('dictionary');
    expect(owner('/api/pay/*')).toBe('billing');
    expect(owner('/api/user/*')).toBe('account');
    expect(owner('/api/sys/selectUserJoinStatistic')).toBe('statistics');
  });
});

describe('source patterns', () => {
  it('when a file builds an envelope, then `case:` names a produced case; a switch `case` does not', () => {
    const producer = `import { newEnvelope } from '@syn/proto';
      newEnvelope({ producer: 'billing', key, event: { case: 'paymentCompleted', value: f } });
      emit(tx, id, {
        case:   'passChanged',
        value: {},
      });`;
    expect(builtCases(producer)).toEqual(['paymentCompleted', 'passChanged']);
    expect(handledCases(producer)).toEqual([]);
    // Without newEnvelope the literal is some other object (a route's status, a test double).
    expect(builtCases(`const x = { case: 'paymentCompleted' };`)).toEqual([]);
  });

  it('when a consumer switches on or compares a case, then those cases count, unknown names do not', () => {
    const consumer = `switch (env.event.case) {
        case 'userConfirmed': {
        case 'userWithdrawn':
        case 'granted':
      }
      if (env.event.case !== 'legacyPeriodMerged') return;
      if ('userJoined' === e?.case) return;`;
    expect(handledCases(consumer).sort()).toEqual([
      'legacyPeriodMerged',
      'userConfirmed',
      'userJoined',
      'userWithdrawn',
    ]);
    expect(builtCases(consumer)).toEqual([]);
  });

  it('when a case appears only in a comment, then it is not counted', () => {
    const text = `// case 'userJoined': handled elsewhere
      /* if (env.event.case === 'wordSaved') */
      const url = 'http://example.org/x'; // the string keeps its slashes`;
    expect(handledCases(text)).toEqual([]);
    expect(stripComments(text)).toContain(`'http://example.org/x'`);
    expect(stripComments(text)).not.toContain('handled elsewhere');
  });

  it('when a proto helper tests a case, then a call of it counts as handling that case', () => {
    const helpers = caseHelpers(`export function passChangeOf(env: Envelope): PassChange | null {
  if (env.event.case !== 'passChanged') return null;
  return {};
}
export function other(): void {}`);
    expect([...helpers]).toEqual([['passChangeOf', ['passChanged']]]);
    expect(handledCases('const pass = passChangeOf(env);', helpers)).toEqual(['passChanged']);
    expect(handledCases('const passChangeOfX = 1;', helpers)).toEqual([]);
  });

  it('when a kit helper calls a case helper, then a call of the kit helper counts too', () => {
    const known = new Map([['passChangeOf', ['passChanged' as const]]]);
    const helpers = caseHelpers(
      `export function passEventStep(env) {
  return passChangeOf(env) ? 'apply' : 'other';
}
export function startPassProjectionConsumer(opts) {
  return start({ handle: (tx, env) => passEventStep(env) });
}
export function unrelated(): void {}`,
      known,
    );
    expect([...helpers]).toEqual([
      ['passEventStep', ['passChanged']],
      ['startPassProjectionConsumer', ['passChanged']],
    ]);
    expect(handledCases('await startPassProjectionConsumer({ topics });', helpers)).toEqual(['passChanged']);
  });

  it('when a migration creates tables, then the owner schema is implied and others are qualified', () => {
    const sql = `CREATE TABLE \${schema}.users (id int);
      CREATE TABLE IF NOT EXISTS legacy.members (id int);
      create table passes (id int);
      CREATE SCHEMA IF NOT EXISTS legacy;
      CREATE TEMP TABLE scratch ON COMMIT DROP AS SELECT 1;`;
    expect(createdTables(sql, 'account')).toEqual({
      tables: ['users', 'legacy.members', 'passes'],
      schemas: ['legacy'],
    });
  });

  it('when a file has a header comment, then its first sentence describes the file', () => {
    expect(headerSentence('// Counters in Redis: login throttling. More here.\n// And here.\nimport x;')).toBe(
      'Counters in Redis: login throttling.',
    );
    expect(headerSentence('import x;')).toBe('');
  });

  it('when a table is rendered, then columns are padded as Prettier pads them', () => {
    expect(
      table<[string, string]>(
        [
          ['a', (r) => r[0]],
          ['long head', (r) => r[1]],
        ],
        [['x|y', '단어']],
      ),
    ).toBe(['| a    | long head |', '| ---- | --------- |', '| x\\|y | 단어      |'].join('\n'));
  });
});
