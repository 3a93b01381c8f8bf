import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const coreStylesDir = path.dirname(require.resolve('@mantine/core/styles/baseline.css'));

/**
 * `@mantine/core/esm/<components|utils>/<...>/<Name>.module.mjs`: one component's class names
 * (utils holds InlineInput, the label layout of Checkbox, Radio and Switch).
 */
const CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
/** The extension packages ship one stylesheet each. */
const PACKAGE_MODULE =
  /[\\/]@mantine[\\/](charts|dates|dropzone|notifications)[\\/]esm[\\/].*\.module\.mjs$/;

/** app/mantine-global.css: baseline, default CSS variables and global, in that order. */
const GLOBAL_SHEET = /[\\/]mantine-global\.css$/;
const GLOBAL_CHUNK = 'mantine-global';

/** The whole sheets, for the dev server (see below). */
const WHOLE_SHEETS = [
  '@mantine/core/styles.css',
  '@mantine/charts/styles.css',
  '@mantine/dates/styles.css',
  '@mantine/dropzone/styles.css',
  '@mantine/notifications/styles.css',
];

/**
 * Mantine's styles per component, following the code that is bundled (issue 14: a page loads
 * the CSS of the components it renders, not the whole 250 kB sheet).
 *
 * Every Mantine component reads its class names from a `<Name>.module.mjs` file, and
 * `@mantine/core/styles/<Name>.css` holds exactly those classes. So each of those files gets an
 * import of its stylesheet: the CSS lands in the chunk of the page whose code renders the
 * component, components a page does not use cost nothing, and no list has to be kept in step
 * with the code by hand (a forgotten import would render a component unstyled). The order is
 * right by construction: a component's module imports the components it is built on (Button
 * imports UnstyledButton) before its own class names, so their CSS comes first, as Mantine's
 * import-order rule asks; the global sheets (baseline, variables, global) are imported first of
 * all in main.tsx. Charts, dates, dropzone and notifications have one sheet each, imported with
 * their first component.
 *
 * The dev server pre-bundles dependencies (no per-file transform), so it gets the whole sheets.
 */
export function mantineStyles(): Plugin {
  let isBuild = true;
  const entry = path.resolve(import.meta.dirname, '../src/main.tsx');
  return {
    name: 'teamshuffle:mantine-styles',
    enforce: 'pre',
    config() {
      // The global sheets in a chunk of their own, so that their file can be linked first.
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: GLOBAL_CHUNK, test: GLOBAL_SHEET, priority: 100 }],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // Vite links the entry's CSS after that of the chunks it imports, in no set order; the
        // global sheets must precede every component's CSS.
        const links = [...html.matchAll(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g)];
        const global = links.find((link) => link[0].includes(`/${GLOBAL_CHUNK}-`));
        const first = links[0];
        if (!global || !first || global === first) return html;
        const without = html.replace(global[0], '');
        return without.replace(first[0], `${global[0]}${first[0]}`);
      },
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!isBuild) {
        if (file !== entry) return null;
        return {
          code: `${WHOLE_SHEETS.map((sheet) => `import '${sheet}';`).join('')}${code}`,
          map: null,
        };
      }
      // On the first line, so the module's source map stays right below it.
      const core = CORE_MODULE.exec(file);
      if (core?.[1] && existsSync(path.join(coreStylesDir, `${core[1]}.css`))) {
        return { code: `import '@mantine/core/styles/${core[1]}.css';${code}`, map: null };
      }
      const extension = PACKAGE_MODULE.exec(file);
      if (extension?.[1]) {
        return { code: `import '@mantine/${extension[1]}/styles.css';${code}`, map: null };
      }
      return null;
    },
  };
}
