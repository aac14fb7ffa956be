import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.local/**',
      'proto/src/gen/**',
      'web/dist/**',
      'coverage/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Services share only the kit package and proto/: never another service's sources.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/account/src/**',
                '**/dictionary/src/**',
                '**/wordbook/src/**',
                '**/billing/src/**',
                '**/statistics/src/**',
                '@syn/account',
                '@syn/dictionary',
                '@syn/wordbook',
                '@syn/billing',
                '@syn/statistics',
              ],
              message: 'A service may import only @syn/kit and @syn/proto, never another service.',
            },
          ],
        },
      ],
    },
  },
);
