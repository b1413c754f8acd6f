// ESLint flat config. Type-aware rules from typescript-eslint catch promises that are dropped or
// passed where a void callback is expected (a dropped rejection can take the agent or server down).
// Formatting is Prettier's job (see .prettierrc.json), so no stylistic rules here.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Generated or data files, build output and tool caches (as in .gitignore): not hand-written code.
    // server/test/api/openapi-flow/*.mts imports a client generated at test time, so it cannot be type-checked here.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'bench/results/**',
      'chaos/results/**',
      'reports/**',
      'test-results/**',
      '**/.stryker-tmp/**',
      '**/.vitest-cache/**',
      'data/**',
      'server/test/api/openapi-flow/**/*.mts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: ['eslint.config.js'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        // Each file uses its nearest tsconfig: the root one, kiosk-ui/src/renderer/tsconfig.json, web-app/tsconfig.json or member-app/tsconfig.json (DOM types).
        // The few JavaScript entry points and scripts are in no tsconfig: they get a default project.
        // They are about ten small files (a bin per command), above the default cap of eight.
        projectService: {
          allowDefaultProject: ['*/bin/*.js', 'mutation/*.mjs', 'scripts/*.mjs', 'member-app/scripts/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
