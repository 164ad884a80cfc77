import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorkerVersion } from './scripts/vite-sw-version.ts';
import { areaLocales } from './scripts/vite-area-locales.ts';
import { chatWidget } from './scripts/vite-chat-widget.ts';
import { shellPreloads } from './scripts/vite-shell-preloads.ts';
import { SIGNED_IN_CHUNK, signedInShell } from './scripts/vite-signed-in-shell.ts';

const preloads = shellPreloads();
const signedIn = signedInShell();

// Modules that import only `Color` from @rc-component/color-picker (see the plugin below).
const RC_COLOR_CLASS_ONLY = /(\/antd\/es\/color-picker\/(color|util)\.js|\/src\/providers\/shims\/antd-is-bright\.js)$/;

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // areaLocales: each area's strings as static JSON, /locales/<lng>/<area>.json (docs/architecture.md, "An area's strings").
  plugins: [
    react(),
    serviceWorkerVersion(),
    areaLocales(),
    chatWidget(),
    preloads.plugin,
    signedIn.plugin,
    {
      // antd's button style takes one helper from the color picker's presets module, which
      // imports Collapse: only that import goes to a copy of the helper (see the file).
      name: 'antd-button-without-color-presets',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === '../../color-picker/components/ColorPresets' && importer?.includes('/antd/es/button/style/')) {
          return fileURLToPath(new URL('./src/providers/shims/antd-is-bright.js', import.meta.url));
        }
        // The button style and the tooltip take the color class alone from the color picker, through
        // its index, which imports the whole picker: the bundler places a module by its import
        // edges, so the picker (~2 KB gzip) rode in the entry though only the lazy screens with a
        // ColorPicker draw it. Those imports go to the class's own module; the picker keeps its index.
        if (source === '@rc-component/color-picker' && RC_COLOR_CLASS_ONLY.test(importer ?? '')) {
          return this.resolve('@rc-component/color-picker/es/color.js', importer, { skipSelf: true });
        }
        return null;
      },
    },
  ],
  resolve: {
    alias: [
      // antd's fallback renderer for its static helpers (replaced at start-up by the React 19
      // patch in main.tsx): a React 18+ version without rc-util's regenerator code.
      {
        find: /^rc-util\/es\/React\/render$/,
        replacement: fileURLToPath(new URL('./src/providers/theme/antd-render.ts', import.meta.url)),
      },
      // Refine's router reads and writes the query string with qs: the bracket syntax for the
      // options Refine passes, ~6 KB gzip lighter (see the file; tests/unit/qs-shim.test.ts).
      {
        find: /^qs$/,
        replacement: fileURLToPath(new URL('./src/providers/shims/qs.ts', import.meta.url)),
      },
      // Refine's default text transformers pluralize a resource's name: the package's rules for the
      // names this app has, ~2 KB gzip lighter (see the file; tests/unit/pluralize-shim.test.ts).
      {
        find: /^pluralize$/,
        replacement: fileURLToPath(new URL('./src/providers/shims/pluralize.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
      '/hubs': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Lazy screens' preload lists leave out what the entry and the signed-in shell loaded (see the file).
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // A shared chunk is named by its hash alone, not `<module>-<hash>`: every chunk's imports
        // and every preload list spell out the files they need, and the names of antd's pieces,
        // icons and helpers cost a signed-in first load ~4.5 KB gzip (bench:bundle). A lazy
        // chunk of our own (a screen, a dialog) keeps its name (HomePage-<hash>.js): the benches
        // and browser tests find a screen's code by it. Source maps still name every module.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry && chunk.facadeModuleId?.includes('/src/')
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        // Everything the entry imports statically runs before any screen, so it goes in one file.
        // Left to itself the bundler cut it into ~20 files by which lazy screens share each
        // module (react-dom, antd's theme, i18next each alone), and every file costs its import
        // glue and its own gzip dictionary: one file took the login page 181.9 -> 174.3 KB gzip
        // and every signed-in first load ~13 KB (bench:bundle). Lazy screens keep their chunks.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // What only the signed-in app imports statically, in one file too (scripts/vite-signed-in-shell.ts).
            // Not their dependencies: those a signed-out page loads as well keep their own chunks.
            { name: SIGNED_IN_CHUNK, test: signedIn.test, includeDependenciesRecursively: false },
          ],
        },
      },
      // rc-field-form and async-validator declare no `sideEffects`, so antd's form/context (which
      // Input and ContextIsolator import for the Form.Item contexts) pulled all of rc-field-form
      // and async-validator (~14 KB gzip) onto the login page although it uses no antd Form.
      // Likewise @refinedev/core's bundle imports papaparse (its CSV hooks, which we do not use)
      // and error-stack-parser / stackframe at the top, which kept ~7.5 KB gzip in every
      // signed-in load. @simplewebauthn/browser's
      // index re-exports registration too, which the login page (sign-in only) does not need.
      // @refinedev/antd's bundle imports react-markdown and remark-gfm at the top (its
      // MarkdownField): without this any of its hooks brought ~40 KB gzip of micromark & co.
      // antd's button style imports ColorPresets (which imports Collapse) and the color picker's
      // color class for two helpers: rc-collapse and @rc-component/color-picker went onto the
      // login page (~4 KB gzip) though no first page draws either.
      // Their modules only define things: unused ones can go. Other modules keep the default.
      treeshake: {
        moduleSideEffects: (id) =>
          /\/node_modules\/(rc-field-form|@rc-component\/async-validator|papaparse|error-stack-parser|stackframe|@simplewebauthn\/browser|react-markdown|remark-gfm|rc-collapse|@rc-component\/color-picker)\//.test(
            id,
          )
            ? false
            : undefined,
      },
    },
  },
});
