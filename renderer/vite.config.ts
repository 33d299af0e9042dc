/**
 * Vite build of the Svelte 5 renderer. Root is renderer/, output renderer/dist with relative
 * asset URLs (base './') so the same build loads from Electron's app scheme and from the
 * browser bridge. No inline scripts are emitted, so the CSP `script-src 'self'` holds.
 */
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
/** Folder of this config (renderer/), whatever the working directory of the build. */
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  base: './',
  plugins: [svelte()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Inline data: URLs would need CSP img-src data:, so keep every asset a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
});
