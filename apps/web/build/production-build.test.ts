import path from 'node:path';
import react from '@vitejs/plugin-react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { InlineConfig, Rollup } from 'vite';
import { developmentModulesIn, productionBuild } from './production-build.ts';

// Issue 22: with NODE_ENV=development in the environment (the server's default), `vite build`
// bundled React's JSX dev runtime and development builds, and the server renderer kept
// `process.env.NODE_ENV` checks, so it loaded react-dom/server's development build.
const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(import.meta.dirname, 'fixtures/hello.tsx');

async function bundleOf(config: InlineConfig): Promise<Rollup.OutputBundle> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    ...config,
    build: {
      write: false,
      minify: false,
      ...config.build,
      rollupOptions: { input: entry, preserveEntrySignatures: 'exports-only' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  if (!output || !('output' in output)) throw new Error('no output');
  return Object.fromEntries(output.output.map((file) => [file.fileName, file]));
}

function codeOf(bundle: Rollup.OutputBundle): string {
  return Object.values(bundle)
    .map((file) => (file.type === 'chunk' ? file.code : ''))
    .join('\n');
}

describe('productionBuild', () => {
  let nodeEnv: string | undefined;
  beforeEach(() => {
    nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'development';
  });
  afterEach(() => {
    process.env['NODE_ENV'] = nodeEnv;
  });

  it('finds the development modules a build made under NODE_ENV=development holds', async () => {
    const bundle = await bundleOf({ plugins: [react()] });
    const found = developmentModulesIn(bundle);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map(({ module }) => module).join(' ')).toMatch(/\.development\.js/);
    expect(codeOf(bundle)).toMatch(/jsxDEV/);
  });

  it('builds for production whatever NODE_ENV says', async () => {
    const bundle = await bundleOf({ plugins: [productionBuild(), react()] });
    expect(developmentModulesIn(bundle)).toEqual([]);
    const code = codeOf(bundle);
    expect(code).not.toMatch(/jsxDEV|jsx-dev-runtime/);
  });

  it('fails a server build that keeps React’s development build', async () => {
    await expect(
      bundleOf({
        plugins: [productionBuild(), react()],
        ssr: { noExternal: true },
        build: { ssr: entry },
      }),
    ).rejects.toThrow(/development-only module .*\.development\.js/);
  });

  it('builds the server renderer with React’s production build when NODE_ENV is defined', async () => {
    const bundle = await bundleOf({
      plugins: [productionBuild(), react()],
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { ssr: entry },
    });
    expect(developmentModulesIn(bundle)).toEqual([]);
    const code = codeOf(bundle);
    expect(code).not.toMatch(/react-dom-server[\w.-]*\.development/);
    expect(code).toMatch(/renderToString/);
  });
});
