// One linter for the whole monorepo. Type-aware rules catch floating promises; the restricted
// globals and imports keep configuration in env.ts files and transports out of the domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['data/**', '**/node_modules/**', '**/dist/**', '**/*.js', '**/*.mjs', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // The server-side packages share one program (tsconfig.lint.json): each package's own would
    // type the shared domain and schemas again, which made lint most of the CPU of
    // `npm test`'s first step. The web app and e2e have the DOM, each its own program.
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the app\'s env.ts.' },
      ],
    },
  },
  { files: ['apps/web/**'], languageOptions: { parserOptions: { project: './apps/web/tsconfig.json' } } },
  { files: ['e2e/**'], languageOptions: { parserOptions: { project: './e2e/tsconfig.json' } } },
  {
    files: ['**/env.ts', '**/*.test.ts', '**/vitest.config.ts', '**/playwright.config.ts', '**/drizzle.config.ts', 'bench/**', 'e2e/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read JSON answers field by field.
    files: ['**/*.test.ts', '**/testing/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Domain code imports no transport: REST, tRPC and socket adapters live in their own folders.
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/transport/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*', '@trpc/*', 'socket.io', 'socket.io-client'], message: 'Domain code imports no transport.' },
          ],
        },
      ],
    },
  },
);
