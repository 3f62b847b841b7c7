import { mount } from 'svelte';
import { bridge } from './lib/api.ts';
import { askEarly, watchEarlyStates } from './lib/managers/early-reads.ts';
import { openingSection } from './lib/managers/router.svelte.ts';
import { browserStore } from './lib/managers/storage.ts';
import { screens } from './views/screens.ts';
import { askTradeReads } from './views/trade/opening-reads.ts';
import './styles/app.css';
import './styles/forms.css';
import './styles/tables.css';

const store = browserStore();
const section = openingSection(store, window.location.hash);
// The screen the window opens on loads alongside the frame's code, and the frame is drawn once with
// it: a frame drawn first and its screen after would be laid out twice before anyone can act. A
// screen whose chunk fails still opens the frame (its loader offers to try again).
const opening = screens[section].load();
// Its first reads and the window's market list (the palette, every market's tick and step) are asked
// meanwhile: main answers them while the code loads (`early-reads.ts`).
const api = bridge();
watchEarlyStates(api);
askEarly('markets.list', undefined, () => api.markets.list());
if (section === 'trade') askTradeReads(api, store);
const [{ default: App }] = await Promise.all([import('./App.svelte'), opening]);

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

export default mount(App, { target });
