import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStyles } from './build/mantine-styles.ts';
import { pdfjsDecoders } from './build/pdfjs-decoders.ts';
import { precompress } from './build/precompress.ts';
import { prerenderPages } from './build/prerender.ts';
import { productionBuild } from './build/production-build.ts';

const apiPort = process.env['API_PORT'] ?? '3000';

export default defineConfig({
  plugins: [
    productionBuild(),
    mantineStyles(),
    react(),
    pdfjsDecoders(),
    precompress(),
    prerenderPages(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No hand-made vendor chunk (issue 14): one chunk of every library meant the landing page
    // downloaded the code of every page. Rolldown splits by what each entry and lazy route
    // imports, so a library used by one page (charts, dates, dropzone, zod forms) loads with it.
    // The largest chunk left is the scores chart (recharts), ~420 kB raw, loaded with its section.
    chunkSizeWarningLimit: 450,
  },
});
