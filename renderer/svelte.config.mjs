// Svelte compiler options for the renderer (read by vite-plugin-svelte, svelte-check and
// eslint-plugin-svelte). Runes mode everywhere.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true },
};
