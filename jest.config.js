// One jest config for every workspace. Sources are compiled by swc (no type
// check here: `npm run typecheck` does that), and workspace packages resolve
// to their TypeScript sources so tests never need a prior build.
/** @type {import('jest').Config} */
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@syn/kit$': '<rootDir>/services/kit/src/index.ts',
    '^@syn/kit/(.*)$': '<rootDir>/services/kit/src/$1',
    '^@syn/proto$': '<rootDir>/proto/src/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.local/'],
  modulePathIgnorePatterns: ['<rootDir>/.local/', '/dist/'],
};

module.exports = {
  // testTimeout is global in jest 30 (ignored inside projects): integration and browser tests need the time.
  testTimeout: 120_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/test/**/*.test.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.test\\.ts$', '\\.e2e\\.test\\.ts$'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int.test.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.test.ts'],
      // One stack (services + gateway serving web/dist) for every browser test file.
      globalSetup: '<rootDir>/web/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/web/e2e/support/globalTeardown.ts',
    },
    {
      ...shared,
      // `npm run test:faults`: kills processes of a whole stack under load (files are not *.test.ts,
      // so no other project picks them up).
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.faults.ts'],
    },
  ],
};
