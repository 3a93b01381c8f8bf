import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiPort = process.env['API_PORT'] ?? '3000';

// The libraries every page needs share one long-cached vendor chunk. Libraries only a lazy page
// imports (zod, @mantine/form, @mantine/dropzone, icons of one page, ...) are not listed, so they
// stay with the chunks of the pages that use them.
const VENDOR_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@mantine[\\/](core|hooks|notifications|store)|@tanstack|i18next|react-i18next)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
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
    // The shared vendor chunk (React, Mantine, router, query, i18next) is ~715 kB raw, 218 kB gzip
    // since the accounts work (Modal, Menu, Tabs, Tooltip and their floating/focus helpers).
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: VENDOR_MODULES }],
        },
      },
    },
  },
});
