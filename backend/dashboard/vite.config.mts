/**
 * Build of Vendure's Dashboard with our plugins' screens (`npm run dashboard:build -w backend`,
 * normally through backend/dashboard/build.ts, which caches the output by a hash of its inputs).
 * Output: backend/dist-dashboard/ (git-ignored), served by DashboardPlugin at /dashboard.
 */
import { vendureDashboardPlugin } from '@vendure/dashboard/vite';
import { LanguageCode } from '@vendure/common/lib/generated-types';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { defineConfig, type Plugin } from 'vite';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where DashboardPlugin serves it (src/vendure-config.ts). */
const BASE = '/dashboard';
const fromSource = process.env.DASHBOARD_FROM_SOURCE === '1';

/**
 * Two fixes to the pre-built Dashboard bundle (useExperimentalBundle), each applied exactly once or
 * the build fails (a Dashboard upgrade: check whether each is still needed):
 * - base path: the bundle derives its router's base path from its own module URL (`…/dist/bundle/…`),
 *   which a production build renames to `/dashboard/assets/…`; its fallback, Vite's BASE_URL, was
 *   fixed to "/" when Vendure built the bundle, so every route showed "Not Found". We give it ours.
 * - language: a user without saved settings gets the UI in English (`displayLanguage: "en"` is
 *   hard-coded; `i18n.defaultLanguage` below only fills the language picker); ours default to Polish.
 */
const BUNDLE_PATCHES: Array<{ name: string; from: string; to: string }> = [
  {
    name: 'base path',
    from: 'deriveBaseUrl(typeof import.meta?.url === "string" ? import.meta.url : "", "/")',
    to: `deriveBaseUrl("", ${JSON.stringify(BASE)})`,
  },
  {
    name: 'default language',
    from: 'const defaultSettings = {\n  displayLanguage: "en",\n  displayLocale: void 0,\n  contentLanguage: "en",',
    to: 'const defaultSettings = {\n  displayLanguage: "pl",\n  displayLocale: "PL",\n  contentLanguage: "pl",',
  },
];

function patchBundle(): Plugin {
  const applied = new Set<string>();
  return {
    name: 'psiaki:dashboard-bundle-patches',
    transform(code, id) {
      if (!id.includes('/@vendure/dashboard/dist/bundle/')) return null;
      let out = code;
      for (const patch of BUNDLE_PATCHES) {
        if (!out.includes(patch.from)) continue;
        out = out.replace(patch.from, patch.to);
        applied.add(patch.name);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      const missing = BUNDLE_PATCHES.filter((p) => !applied.has(p.name)).map((p) => p.name);
      if (!error && missing.length)
        this.error(`the Dashboard bundle no longer has the code of these patches: ${missing.join(', ')} (see vite.config.mts)`);
    },
  };
}

export default defineConfig({
  base: `${BASE}/`,
  // our screens (src/plugins/*/dashboard/*.tsx) use the automatic JSX runtime, like the Dashboard
  esbuild: { jsx: 'automatic' },
  logLevel: 'warn',
  build: {
    outDir: process.env.DASHBOARD_OUT_DIR || path.join(backendDir, 'dist-dashboard'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 10_000,
    reportCompressedSize: false,
  },
  plugins: [
    vendureDashboardPlugin({
      vendureConfigPath: pathToFileURL(path.join(backendDir, 'src', 'dashboard-config.ts')),
      vendureConfigExport: 'config',
      tempCompilationDir: path.join(backendDir, 'node_modules', '.cache', 'vendure-dashboard-temp'),
      // the Dashboard calls the Admin API of the server that serves it (any host and port: the
      // development server, the test stacks' ports, HAProxy in the production profile)
      api: { host: 'auto', port: 'auto', adminApiPath: 'admin-api', tokenMethod: 'bearer', authTokenHeaderKey: 'vendure-auth-token' },
      i18n: {
        defaultLanguage: LanguageCode.pl,
        defaultLocale: 'PL',
        availableLanguages: [LanguageCode.pl, LanguageCode.en],
        availableLocales: ['PL', 'GB'],
      },
      // the pre-built Dashboard (≈ 2.5× less build time than compiling its sources); DASHBOARD_FROM_SOURCE=1
      // compiles the sources instead (decision 101)
      useExperimentalBundle: !fromSource,
    }),
    ...(fromSource ? [] : [patchBundle()]),
  ],
});
