import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each web feature may import only the features listed before it. */
function webFeatureZones(order) {
  return order.slice(0, -1).map((feature, index) => ({
    target: `src/web/features/${feature}`,
    from: order.slice(index + 1).map((higher) => `src/web/features/${higher}`),
    message: `Web features import one way (${order.join(' <- ')}): ${feature} must not import a feature above it.`,
  }));
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The web side must never reach into server code.
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'node:*'], message: 'src/web and src/shared must not import server code.' }] }],
    },
  },
  {
    // Boundaries (decision 0096): no import cycles anywhere in src, and features import each other one
    // way only. Web features, lowest first: analytics, google-sign-in, registration, seeker, jobs; pages
    // and the shell sit above them. On the server the infrastructure features never import the domain.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones(['analytics', 'google-sign-in', 'registration', 'seeker', 'jobs']),
            { target: 'src/web/features', from: 'src/web/pages', message: 'Features must not import pages.' },
            { target: 'src/shared', from: ['src/web', 'src/server'], message: 'src/shared is imported by both sides and imports neither.' },
            {
              target: ['mail', 'rate-limits', 'tracking', 'one-time-codes', 'sessions', 'error-reports'].map((name) => `src/server/features/${name}`),
              from: ['accounts', 'registration', 'registration-pages', 'google-sign-in', 'jobs', 'seeker', 'analytics', 'pages', 'sms', 'email-validation'].map((name) => `src/server/features/${name}`),
              message: 'Infrastructure features (mail, rate limits, tracking, codes, sessions, error reports) must not import domain features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
