import type { Plugin, Rollup } from 'vite';

/**
 * Modules that exist only in a development build: React's (and its scheduler's) `*.development.js`
 * files and the JSX dev runtime that `@vitejs/plugin-react` uses when it believes it is not in
 * production.
 */
const DEVELOPMENT_MODULE = /(?:[\\/]|^)(?:[^\\/]+\.development\.js|jsx-dev-runtime(?:\.js)?)$/;

/** Each chunk of `bundle` that holds a development-only module, with the first such module. */
export function developmentModulesIn(
  bundle: Rollup.OutputBundle,
): { chunk: string; module: string }[] {
  const found: { chunk: string; module: string }[] = [];
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    const module = file.moduleIds.find((id) => DEVELOPMENT_MODULE.test(id.split('?')[0] ?? id));
    if (module) found.push({ chunk: file.fileName, module });
  }
  return found;
}

/**
 * `vite build` always builds for production (issue 22): whatever NODE_ENV the shell has (the
 * server's default is `development`), the build runs as NODE_ENV=production, so Vite, React's JSX
 * transform and every library's `process.env.NODE_ENV` checks take their production branch. A
 * build (the client's or the server renderer's, which loads this config too) that still contains
 * a development-only module fails instead of shipping it. `vite` (the dev server) is unchanged.
 */
export function productionBuild(): Plugin {
  return {
    name: 'teamshuffle:production-build',
    // Before @vitejs/plugin-react reads NODE_ENV in its own config hook.
    enforce: 'pre',
    config(_config, { command }) {
      if (command === 'build') process.env['NODE_ENV'] = 'production';
    },
    generateBundle(_options, bundle) {
      const found = developmentModulesIn(bundle);
      if (found.length === 0) return;
      const list = found.map(({ chunk, module }) => `${chunk} (${module})`).join(', ');
      this.error(
        `a development-only module is in the production build: ${list}. The build must run with NODE_ENV=production (apps/web/build/production-build.ts).`,
      );
    },
  };
}
