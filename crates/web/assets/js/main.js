// The page: the game picker, the tabs, the progress box of background jobs.

import { api, onJob } from './api.js';
import { h, showError } from './dom.js';
import { explore, plotSequence, setFeatures } from './patterns.js';
import { Player } from './play.js';

const $ = (id) => document.getElementById(id);

let games = [];
let loaded = null; // the game described by /api/game, with the request that built it
const player = new Player();

function showView(name) {
  for (const tab of document.querySelectorAll('.tab')) tab.classList.toggle('active', tab.dataset.view === name);
  for (const view of document.querySelectorAll('.view')) view.hidden = view.id !== `view-${name}`;
  if (name === 'sequence' && !$('sequence-plot').firstChild) plotSequence();
}

function selectedInfo() {
  return games.find((g) => g.name === $('game-select').value);
}

/** The parameter fields of the selected game. */
function showParams() {
  const info = selectedInfo();
  const form = $('params-form');
  form.replaceChildren();
  if (!info) return;
  $('game-summary').textContent = info.summary;
  $('game-help').textContent = info.help;
  for (const p of info.params) {
    form.append(h('label', { class: 'field' },
      h('span', {}, p.name),
      h('input', { name: p.name, value: p.default, placeholder: p.default || '(default)', spellcheck: 'false', 'data-param': p.name }),
      h('span', { class: 'hint' }, p.help)));
  }
  $('load-game').disabled = !info.available;
  showError($('picker-error'), info.available ? null : info.note);
}

function request() {
  const params = {};
  for (const input of $('params-form').querySelectorAll('input')) params[input.name] = input.value.trim();
  return { game: $('game-select').value, params };
}

/** Builds the chosen game, then plays it (solving first). */
async function loadGame() {
  showError($('picker-error'), null);
  const req = request();
  let game;
  try {
    game = await api.post('/api/game', req);
  } catch (e) {
    showError($('picker-error'), e.message);
    document.body.dataset.loads = String(Number(document.body.dataset.loads ?? 0) + 1);
    return;
  }
  loaded = { ...game, request: req };
  setFeatures(game);
  if (game.ruleset) {
    $('ruleset').value = game.ruleset;
    if (!$('view-sequence').hidden) plotSequence();
    else $('sequence-plot').replaceChildren();
  }
  await player.load(req, game.title, game.values);
}

async function openStore(store) {
  showError($('picker-error'), null);
  loaded = null;
  setFeatures(null);
  showView('play');
  await player.load({ store: store.id }, `${store.title} (stored: ${store.file})`);
}

function setupJobBox() {
  let hideTimer;
  onJob((job) => {
    const box = $('job');
    clearTimeout(hideTimer);
    box.hidden = false;
    const verb = { solve: 'Solving', explore: 'Exploring', sequence: 'Computing' }[job.kind] ?? 'Working on';
    $('job-title').textContent = `${verb} ${job.title}`;
    const bar = $('job-bar');
    const pct = job.total ? Math.min(100, (100 * job.done) / job.total) : null;
    bar.classList.toggle('indeterminate', pct === null && job.state === 'running');
    bar.style.width = job.state !== 'running' ? '100%' : pct === null ? '35%' : `${pct}%`;
    const secs = (job.elapsed_ms / 1000).toFixed(1);
    const phase = job.phase ? `${job.phase}${job.total ? ` ${job.done.toLocaleString()} / ${job.total.toLocaleString()}` : job.done ? ` ${job.done.toLocaleString()}` : ''}` : 'starting';
    $('job-phase').textContent = job.state === 'running' ? `${phase} · ${secs} s` : `${job.state} after ${secs} s`;
    $('job-cancel').disabled = job.state !== 'running';
    // Quick jobs (most sequences) should not flash the box.
    if (job.state === 'done' && job.elapsed_ms < 300) box.hidden = true;
    if (job.state !== 'running') hideTimer = setTimeout(() => { box.hidden = true; }, job.state === 'done' ? 600 : 2500);
  });
  $('job-cancel').addEventListener('click', () => api.post('/api/job/cancel', {}).catch(() => {}));
}

async function main() {
  setupJobBox();
  for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showView(tab.dataset.view));
  $('game-select').addEventListener('change', showParams);
  $('load-game').addEventListener('click', loadGame);
  $('params-form').addEventListener('submit', (e) => { e.preventDefault(); loadGame(); });
  $('params-form').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); loadGame(); } });
  $('plot').addEventListener('click', plotSequence);
  $('ruleset').addEventListener('keydown', (e) => { if (e.key === 'Enter') plotSequence(); });
  $('upto').addEventListener('keydown', (e) => { if (e.key === 'Enter') plotSequence(); });
  for (const a of document.querySelectorAll('[data-ruleset]')) {
    a.addEventListener('click', (e) => { e.preventDefault(); $('ruleset').value = a.dataset.ruleset; plotSequence(); });
  }
  $('explore').addEventListener('click', () => loaded && explore(loaded.request));
  setFeatures(null);

  try {
    games = (await api.get('/api/games')).games;
    const stores = (await api.get('/api/stores')).stores;
    $('game-select').replaceChildren(...games.map((g) => h('option', { value: g.name, disabled: !g.available }, g.available ? g.name : `${g.name} (not on the web)`)));
    $('stores-box').hidden = stores.length === 0;
    $('stores').replaceChildren(...stores.map((s) => h('li', {},
      h('button', { type: 'button', onclick: () => openStore(s), 'data-store': s.id }, h('strong', {}, s.title), h('br'), h('span', { class: 'muted' }, `${s.file} · ${s.positions.toLocaleString()} positions`)))));
    $('game-select').value = 'tictactoe';
    showParams();
    document.body.dataset.ready = 'true';
    loadGame();
  } catch (e) {
    showError($('picker-error'), `Cannot reach the server: ${e.message}`);
  }
}

main();
