// Patterns: nim sequences of heap games with their period, and exploration tables as grids.

import { api, follow } from './api.js';
import { COLORS, nimColor, sequencePlot, sequenceRows } from './charts.js';
import { h, showError } from './dom.js';

const $ = (id) => document.getElementById(id);

/** Plots the nim sequence of the ruleset and bound in the form. */
export async function plotSequence() {
  const err = $('sequence-error');
  showError(err, null);
  const ruleset = $('ruleset').value.trim();
  const upto = Number($('upto').value || 200);
  $('plot').disabled = true;
  try {
    const res = await api.post('/api/sequence', { ruleset, upto });
    const job = await follow(res.job);
    showSequence(job.result);
  } catch (e) {
    showError(err, e.message);
  } finally {
    $('plot').disabled = false;
  }
}

function showSequence(seq) {
  const info = $('sequence-info');
  const pills = [h('span', { class: 'pill' }, `${seq.title}: G(0..${seq.upto})`)];
  if (seq.period) {
    const status = seq.proved ? 'proved' : seq.proof_needs_upto ? `observed — heaps up to ${seq.proof_needs_upto} would prove it` : 'observed';
    pills.push(h('span', { class: `pill ${seq.proved ? 'good' : 'warn'}`, id: 'sequence-period', 'data-period': seq.period, 'data-preperiod': seq.preperiod },
      `period ${seq.period} from n = ${seq.preperiod}${seq.saltus ? `, saltus ${seq.saltus}` : ''} (${status})`));
  } else {
    pills.push(h('span', { class: 'pill warn', id: 'sequence-period' }, `no period found up to ${seq.upto}`));
  }
  const zeros = seq.values.filter((v) => v === 0).length;
  pills.push(h('span', { class: 'muted' }, `${zeros} heap${zeros === 1 ? '' : 's'} of value 0 (the player to move loses); largest value ${Math.max(...seq.values)}`));
  info.replaceChildren(...pills);
  $('sequence-plot').replaceChildren(sequencePlot(seq));
  $('sequence-rows-title').hidden = false;
  $('sequence-rows-title').textContent = seq.period && seq.period <= 40
    ? `Values in rows of ${seq.period * Math.max(1, Math.floor(12 / seq.period))} (a multiple of the period): columns repeat once periodic`
    : 'Values in rows of 10';
  $('sequence-rows').replaceChildren(sequenceRows(seq));
}

/** Fills the feature choices for a game. */
export function setFeatures(game) {
  const f1 = $('feature-1'), f2 = $('feature-2');
  const names = game?.features ?? [];
  $('explore-game').textContent = game ? game.title : 'Load a game first.';
  f1.replaceChildren(...names.map((n) => h('option', { value: n }, n)));
  f2.replaceChildren(h('option', { value: '' }, '(none)'), ...names.map((n) => h('option', { value: n }, n)));
  // Sensible defaults: the first two features that are not `moves`.
  const useful = names.filter((n) => n !== 'moves');
  if (useful[0]) f1.value = useful[0];
  f2.value = useful[1] ?? '';
  $('explore').disabled = names.length === 0;
  $('explore-nim').checked = false;
  $('explore-nim').disabled = game?.kind !== 'impartial';
}

/** Runs an exploration of the loaded game and draws its table. */
export async function explore(request) {
  const err = $('explore-error');
  showError(err, null);
  const by = [$('feature-1').value, $('feature-2').value].filter(Boolean);
  if (by.length === 2 && by[0] === by[1]) by.pop();
  $('explore').disabled = true;
  try {
    const res = await api.post('/api/explore', { ...request, by, nim: $('explore-nim').checked });
    const job = await follow(res.job);
    showExploration(job.result);
  } catch (e) {
    showError(err, e.message);
  } finally {
    $('explore').disabled = false;
  }
}

const SHORT = { win: 'W', lose: 'L', tie: 'T', draw: 'D' };
const SOFT = { win: '#d7f3e1', lose: '#fbd9dc', tie: '#fff0c2', draw: '#dbe7ff' };

function cellStyle(entries, nim) {
  const colors = entries.map((e) => (nim ? nimColor(e.value, true) : SOFT[e.value]));
  const border = entries.map((e) => (nim ? nimColor(e.value) : COLORS[e.value]));
  if (colors.length === 1) return `background:${colors[0]};box-shadow:inset 0 -3px 0 ${border[0]}`;
  // Several values in one cell: stripes, so that the mixture shows.
  const stops = colors.map((c, i) => `${c} ${(i * 100) / colors.length}% ${((i + 1) * 100) / colors.length}%`).join(',');
  return `background:linear-gradient(135deg,${stops});outline:2px dashed #8891a5;outline-offset:-2px`;
}

function cellText(entries, nim) {
  return entries.map((e) => (nim ? `*${e.value}` : SHORT[e.value])).join('+');
}

function showExploration(e) {
  const pills = [h('span', { class: 'pill' }, `${e.positions.toLocaleString()} positions (${e.scope})`)];
  pills.push(h('span', { class: `pill ${e.function ? 'good' : 'warn'}` },
    e.function ? `the ${e.nim ? 'nim value' : 'value'} is a function of ${e.features.join(', ')}` : 'not a function of these features'));
  e.features.forEach((f, i) => {
    const p = e.periods[i];
    pills.push(h('span', { class: 'pill' }, p ? `period along ${f}: ${p.period} from ${p.offset}` : `no period along ${f}`));
  });
  const lines = [h('div', { class: 'info' }, pills)];
  if (e.rule) lines.push(h('p', {}, 'Rule: ', h('code', {}, e.rule), ` — the value is ${e.rule_value} exactly where it is true`));
  else lines.push(h('p', { class: 'muted' }, `No simple rule found for ${e.rule_value}.`));
  if (e.nim_rule) lines.push(h('p', {}, 'Nim value: ', h('code', {}, e.nim_rule)));
  if (e.counterexample) {
    const [a, b] = e.counterexample;
    lines.push(h('p', { class: 'muted' }, `Same features, different values: ${a.position} (${a.value}) and ${b.position} (${b.value}).`));
  }
  $('explore-info').replaceChildren(...lines);

  const [f1, f2] = e.features;
  const rows = [...new Set(e.cells.map((c) => c.key[0]))].sort((a, b) => a - b);
  const cols = f2 ? [...new Set(e.cells.map((c) => c.key[1]))].sort((a, b) => a - b) : [null];
  const byKey = new Map(e.cells.map((c) => [c.key.join(','), c]));
  const table = h('table', { class: 'explore-grid' },
    h('caption', {}, f2 ? `${f1} down, ${f2} across; each cell: value and number of positions` : `${f1} down; each cell: value and number of positions`),
    h('thead', {}, h('tr', {}, h('th', {}, f2 ? `${f1} \\ ${f2}` : f1), cols.map((c) => h('th', {}, c ?? 'value')))));
  const body = h('tbody');
  for (const r of rows) {
    const tr = h('tr', {}, h('th', {}, r));
    for (const c of cols) {
      const cell = byKey.get(c === null ? `${r}` : `${r},${c}`);
      if (!cell) { tr.append(h('td', { class: 'empty' })); continue; }
      const count = cell.entries.reduce((n, en) => n + en.count, 0);
      tr.append(h('td', {
        style: cellStyle(cell.entries, e.nim),
        title: cell.entries.map((en) => `${en.value}: ${en.count} positions, e.g. ${en.example}`).join('\n'),
      }, h('span', { class: 'v' }, cellText(cell.entries, e.nim)), h('span', { class: 'n' }, count.toLocaleString())));
    }
    body.append(tr);
  }
  table.append(body);
  $('explore-grid').replaceChildren(table);
}
