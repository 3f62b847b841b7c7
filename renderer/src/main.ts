import { mount } from 'svelte';
import { openingSection } from './lib/managers/router.svelte.ts';
import { browserStore } from './lib/managers/storage.ts';
import { screens } from './views/screens.ts';
import './styles/app.css';

// The screen the window opens on loads alongside the frame's code, not after it.
void screens[openingSection(browserStore(), window.location.hash)].load();
const { default: App } = await import('./App.svelte');

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

export default mount(App, { target });
