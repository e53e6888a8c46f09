import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA is served by the API server from apps/web/dist (same origin, CSP `script-src 'self'`).
 * Every page, and the shell itself, is a lazy chunk, so #/login loads only what it draws and the
 * first load stays under the 250 KB gzipped budget (DESIGN.md §6). React and the data/i18n
 * libraries sit in two long-lived vendor chunks; Mantine components split with the pages using them.
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
