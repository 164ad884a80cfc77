import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import areaBoundaries from './scripts/eslint/area-boundaries.js';
import tableOwners from './scripts/eslint/table-owners.js';

/**
 * no-restricted-imports for each antd part in `parts`, everywhere in src/ but the part's folder.
 * ESLint keeps only the last matching entry's options for a rule, so each file gets one entry
 * holding every part it may not import.
 */
function restrictedAntd(parts) {
  const rule = (refused) => ({
    'no-restricted-imports': [
      'error',
      {
        paths: refused.flatMap((part) => [
          { name: 'antd', importNames: [part.name], message: part.message },
          ...(part.modules ?? []).map((name) => ({ name, message: part.message })),
        ]),
      },
    ],
  });
  const folders = [...new Set(parts.map((p) => p.folder))];
  return [
    { files: ['src/**/*.{ts,tsx}'], ignores: folders.map((folder) => `${folder}/**`), rules: rule(parts) },
    ...folders.map((folder) => ({
      files: [`${folder}/**/*.{ts,tsx}`],
      rules: rule(parts.filter((other) => other.folder !== folder)),
    })),
  ];
}

/**
 * Date ranges are picked in DateRangePicker (src/ui/forms): on a phone it shows one month, on that
 * field's own month; antd's two months are wider than a phone and, stacked, below the fold.
 */
const RANGE_PICKER = {
  selector: ':matches(MemberExpression, JSXMemberExpression)[object.name="DatePicker"][property.name="RangePicker"]',
  message: 'Use DateRangePicker from src/ui/forms: on a phone it shows one month that fits the screen.',
};

/**
 * Questions and notices in a dialog are drawn inside the app: `const [modal, holder] =
 * Modal.useModal()` with `holder` rendered (src/ui/shell/UnsavedQuestion.tsx). antd's static
 * Modal.confirm / info / warning / error / success draw outside the app's ConfigProvider: a light
 * dialog in dark mode, and the reduced-motion setting ignored (an opening animation swallowed a
 * Cancel click in CI, in seating).
 */
const STATIC_MODAL = {
  selector:
    'CallExpression > MemberExpression.callee[object.name="Modal"][property.name=/^(confirm|info|warning|warn|error|success)$/]',
  message:
    "Use Modal.useModal() and render its holder (as UnsavedQuestion does): antd's static Modal calls draw outside the app's theme and motion setting.",
};

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'coverage', 'test-results', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Client areas and server modules meet only through their index.ts (scripts/eslint/area-boundaries.js).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { local: { rules: { 'area-boundaries': areaBoundaries } } },
    rules: { 'local/area-boundaries': 'error' },
  },
  {
    // Server modules write only their own tables (scripts/eslint/table-owners.js).
    files: ['server/modules/**/*.ts'],
    plugins: { owners: { rules: { 'table-owners': tableOwners } } },
    rules: { 'owners/table-owners': 'error' },
  },
  // antd parts that only one shared wrapper may use, each refused everywhere else in src/. One
  // entry per folder, since a later no-restricted-imports replaces an earlier one for a file.
  ...restrictedAntd([
    {
      // Menus open through MenuDropdown (src/ui/menus): antd's own motion slid items under the pointer.
      folder: 'src/ui/menus',
      name: 'Dropdown',
      message: 'Use MenuDropdown from src/ui/menus: its items hold still while it opens.',
    },
    {
      // Numbers are typed in NumberField (src/ui/forms): InputNumber clamped 150 % to 100 % on blur
      // and dropped text that was not a number, changing what was typed without a word.
      folder: 'src/ui/forms',
      name: 'InputNumber',
      message:
        'Use NumberField (or DollarInput) from src/ui/forms: it keeps what was typed and lets the form refuse it.',
      modules: ['antd/es/input-number', 'antd/lib/input-number'],
    },
    {
      // Dates are picked in ZonedDatePicker or DateRangePicker (src/ui/forms): their popup's today
      // and Now are the business's (picker-zone.ts); antd's are this device's, a day off at night.
      folder: 'src/ui/forms',
      name: 'DatePicker',
      message:
        "Use ZonedDatePicker or DateRangePicker from src/ui/forms: their today and Now are on the business's clock.",
      modules: ['antd/es/date-picker', 'antd/lib/date-picker'],
    },
    {
      // Selects are the app's Select (src/ui/forms/Select.tsx): antd's hands the focus back to itself
      // in a timer after a pick, and run late it took the focus from the field typed into next.
      folder: 'src/ui/forms',
      name: 'Select',
      message:
        "Use Select from src/ui/forms/Select: a pick in its list never takes the focus from the next field (antd's does).",
      modules: ['antd/es/select', 'antd/lib/select'],
    },
    {
      // Questions before an action are SteadyPopconfirm (src/ui/confirm): antd's click trigger toggles,
      // so a double click on the button opened the question and closed it at once.
      folder: 'src/ui/confirm',
      name: 'Popconfirm',
      message:
        "Use SteadyPopconfirm from src/ui/confirm: a double click on its button leaves the question open (antd's toggles it shut).",
      modules: ['antd/es/popconfirm', 'antd/lib/popconfirm'],
    },
  ]),
  // Syntax refused in src/. One entry per set of files, since a later no-restricted-syntax replaces
  // an earlier one for a file.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/forms/DateRangePicker.tsx'],
    rules: { 'no-restricted-syntax': ['error', RANGE_PICKER, STATIC_MODAL] },
  },
  {
    files: ['src/ui/forms/DateRangePicker.tsx'],
    rules: { 'no-restricted-syntax': ['error', STATIC_MODAL] },
  },
  {
    // The shared rules are imported by both sides: no React, no server code in them.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react*', 'antd*', '@refinedev/*', 'fastify*', '**/server/**', 'node:*'] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.serviceworker } },
  },
);
