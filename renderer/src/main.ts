/**
 * Renderer entry: mounts the Svelte app. Loaded as a module script from index.html (CSP
 * `script-src 'self'`: no inline script anywhere).
 */
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

/** The mounted app. */
export default mount(App, { target });
