import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, flatConfigs as importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Import boundaries (DESIGN "Layout", docs/decisions.md "Import boundaries"): each src layer names the layers
 * it may import; every other src layer is forbidden to it. app → features → ui → machines → resources →
 * (lib, api), and api may read lib's catalogues; lib imports nothing of ours. Inside DESIGN's middle tier
 * (machines, ui, resources) the order is ui → machines → resources: a statechart renders nothing and a resource
 * knows no statechart. main.tsx sits above app; tests/, scripts/ and bench/ may import any layer.
 */
const LAYERS = {
  'src/app': ['src/features', 'src/ui', 'src/machines', 'src/resources', 'src/lib', 'src/api'],
  'src/features': ['src/ui', 'src/machines', 'src/resources', 'src/lib', 'src/api'],
  'src/ui': ['src/machines', 'src/resources', 'src/lib', 'src/api'],
  'src/machines': ['src/resources', 'src/lib', 'src/api'],
  'src/resources': ['src/lib', 'src/api'],
  'src/api': ['src/lib'],
  'src/lib': [],
};

/** The server shares src/lib, src/api and src/machines (access table, catalogues, charts), never React code. */
const SERVER_MAY_NOT_IMPORT = ['src/app', 'src/features', 'src/ui'];

/** One zone per forbidden (importer layer, imported layer) pair, so that the message names the rule broken. */
function layerZones() {
  const zones = [];
  for (const [target, allowed] of Object.entries(LAYERS)) {
    for (const from of Object.keys(LAYERS)) {
      if (from === target || allowed.includes(from)) continue;
      zones.push({ target: `./${target}`, from: `./${from}`, message: `${target} may import ${allowed.length ? `only ${allowed.join(', ')}` : 'none of our other layers'} (DESIGN "Layout").` });
    }
  }
  // A feature never imports another feature: what two features share moves down to ui, machines or lib.
  for (const feature of readdirSync(path.join(root, 'src/features'))) {
    zones.push({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move what they share to src/ui, src/machines or src/lib.',
    });
  }
  for (const from of SERVER_MAY_NOT_IMPORT) {
    zones.push({ target: './server', from: `./${from}`, message: 'The server imports src/lib, src/api and src/machines only.' });
  }
  zones.push({ target: './src', from: './server', message: 'The front end never imports server code.' });
  return zones;
}

const NO_CAST_THROUGH_UNKNOWN = {
  selector: 'TSAsExpression > TSUnknownKeyword',
  message: 'No `as unknown as`: type it from the contract (src/api/generated) or narrow it with a check.',
};

const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] });

// File names: kebab-case (`list.machine.ts`, `use-resource-list.ts`, `account-ui.tsx`), except that a .tsx
// module named after the one component it exports is PascalCase (`ConfirmDialog.tsx`). Folders kebab-case.
const KEBAB = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const PASCAL = '+([A-Z])*([a-zA-Z0-9])';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'src/api/generated/', 'server/db/migrations/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX.recommended.plugins['import-x'] },
    settings: {
      'import-x/extensions': importX.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.typescript.settings['import-x/parsers'],
      // Relative imports only (no path aliases), so the node resolver with the TypeScript extensions suffices.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      ...restrictedPaths(layerZones()),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // server/domain runs from a request, a job or a script: nothing from Fastify (DESIGN "Layout").
    files: ['server/domain/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'server/domain imports nothing from Fastify: take plain values, return rows; the route adapts.' }],
      }],
    },
  },
  {
    // The typed contract stays switched on: a cast through unknown (anywhere here) or to never (in routes and
    // resources) would switch it off.
    files: ['server/routes/**', 'src/resources/**', 'src/machines/**'],
    ignores: ['src/machines/**/*.samples.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_CAST_THROUGH_UNKNOWN],
    },
  },
  {
    files: ['server/routes/**', 'src/resources/**'],
    rules: {
      'no-restricted-syntax': ['error', NO_CAST_THROUGH_UNKNOWN,
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'No `as never`: it switches the typed contract off; type the value instead.' }],
    },
  },
  {
    plugins: { 'check-file': checkFile },
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'check-file/filename-naming-convention': ['error', {
        'src/**/*.tsx': `@(${KEBAB}|${PASCAL})`,
        '**/*.{ts,js,mjs}': KEBAB,
        '{tests,server,scripts,bench}/**/*.tsx': KEBAB,
      }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
);
