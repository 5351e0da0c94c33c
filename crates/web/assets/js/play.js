// Playing a game: the board, every move coloured by what it gives the mover, perfect play as
// an opponent, undo, the notation, and the value history.

import { api, solve } from './api.js';
import { valueHistory } from './charts.js';
import { h, outcomeText, showError, toast } from './dom.js';

const $ = (id) => document.getElementById(id);

/** The board: the game's drawing, or its notation laid out as rows. */
function drawBoard(report) {
  const board = $('board');
  board.replaceChildren();
  if (report.svg) {
    board.innerHTML = report.svg;
    board.dataset.kind = 'svg';
    return;
  }
  board.dataset.kind = 'text';
  const text = report.position;
  const space = text.indexOf(' ');
  const main = space > 0 ? text.slice(0, space) : text;
  const rest = space > 0 ? text.slice(space + 1) : '';
  const rows = main.includes('/') ? main.split('/') : [main];
  const width = [...rows[0]].length;
  const grid = rows.length > 1 && width <= 12 && rows.length <= 12 && rows.every((r) => [...r].length === width);
  let box;
  if (grid) {
    // A board notation (rows separated by `/`, one character a cell): drawn as a grid.
    box = h('div', { class: 'cell-grid', style: `grid-template-columns: repeat(${width}, 1fr); --cells: ${Math.max(width, rows.length)}` },
      rows.flatMap((r) => [...r].map((c) => h('div', { class: `cell${c === '.' ? ' empty' : ''}${c === '#' ? ' wall' : ''}`, 'data-piece': c }, c === '.' ? '' : c))));
  } else {
    box = h('div', { class: `text-board${main.length > 24 ? ' long' : ''}` }, main);
  }
  const wrap = h('div', { class: 'text-wrap' }, box);
  if (rest) wrap.append(h('div', { class: 'turn' }, `to move: ${rest}`));
  board.append(wrap);
}

export class Player {
  constructor() {
    this.request = null; // {game, params, from} or {store}
    this.history = []; // positions reached: query reports
    this.labels = []; // the moves played
    this.timer = null;
    this.epoch = 0; // bumps on every load/undo so late replies are ignored
    $('mode').addEventListener('change', () => { this.render(); this.maybeReply(); });
    $('hints').addEventListener('change', () => this.render());
    $('undo').addEventListener('click', () => this.undo());
    $('restart').addEventListener('click', () => this.restart());
    $('copy').addEventListener('click', () => this.copy());
    $('goto').addEventListener('click', () => this.goto($('notation').value.trim()));
    $('notation').addEventListener('keydown', (e) => { if (e.key === 'Enter') this.goto($('notation').value.trim()); });
    this.render();
  }

  get mode() { return $('mode').value; }
  get current() { return this.history[this.history.length - 1]; }
  get ply() { return this.history.length - 1; }

  /** Whether perfect play moves now. */
  computerToMove() {
    if (!this.current || this.current.over) return false;
    const firstToMove = this.ply % 2 === 0;
    return (this.mode === 'first' && firstToMove) || (this.mode === 'second' && !firstToMove);
  }

  names() {
    if (this.mode === 'second') return ['You', 'Perfect play'];
    if (this.mode === 'first') return ['Perfect play', 'You'];
    return ['Player 1', 'Player 2'];
  }

  /** Loads a game (solving it first when needed) and shows its start. */
  async load(request, title) {
    this.stop();
    const epoch = ++this.epoch;
    this.request = request;
    this.history = [];
    this.labels = [];
    $('play-title').textContent = title;
    this.setStatus('Solving…', 'busy');
    this.render();
    try {
      if (request.store === undefined) await solve(request);
      const start = await api.post('/api/query', { ...request });
      if (epoch !== this.epoch) return;
      this.history = [start];
      this.render();
      this.maybeReply();
    } catch (e) {
      if (epoch !== this.epoch) return;
      this.setStatus(e.message === 'cancelled' ? 'The solve was cancelled.' : e.message, 'error');
    } finally {
      if (epoch === this.epoch) document.body.dataset.loads = String(Number(document.body.dataset.loads ?? 0) + 1);
    }
  }

  /** Plays a move (a position reached) and lets perfect play answer when it is its turn. */
  async play(move) {
    const epoch = this.epoch;
    try {
      const next = await api.post('/api/query', { ...this.request, position: move.position });
      if (epoch !== this.epoch) return;
      this.history.push(next);
      this.labels.push(move.label);
      this.render();
      this.maybeReply();
    } catch (e) {
      this.setStatus(e.message, 'error');
    }
  }

  maybeReply() {
    clearTimeout(this.timer);
    if (!this.computerToMove()) return;
    const epoch = this.epoch;
    this.timer = setTimeout(() => {
      if (epoch !== this.epoch || !this.computerToMove()) return;
      const moves = this.current.moves;
      const best = moves.filter((m) => m.value === moves[0].value && m.remoteness === moves[0].remoteness);
      this.play(best[Math.floor(Math.random() * best.length)]);
    }, 450);
  }

  stop() {
    clearTimeout(this.timer);
  }

  undo() {
    if (this.history.length <= 1) return;
    this.stop();
    this.epoch++;
    this.history.pop();
    this.labels.pop();
    // Against perfect play, go back to a position where it is the human's turn.
    while (this.history.length > 1 && this.computerToMove()) {
      this.history.pop();
      this.labels.pop();
    }
    this.render();
    this.maybeReply();
  }

  restart() {
    if (this.history.length === 0) return;
    this.stop();
    this.epoch++;
    this.history.length = 1;
    this.labels.length = 0;
    this.render();
    this.maybeReply();
  }

  async copy() {
    const text = this.current?.position ?? '';
    try {
      await navigator.clipboard.writeText(text);
      toast('Notation copied');
    } catch {
      $('notation').select();
      toast('Select and copy the notation (Ctrl+C)');
    }
  }

  /** Plays from a typed position: the solve from the start answers it when it reached it, else
   * the game is solved from that position. */
  async goto(text) {
    if (!this.request || !text) return;
    this.stop();
    const epoch = ++this.epoch;
    try {
      let report;
      try {
        report = await api.post('/api/query', { ...this.request, position: text });
      } catch (e) {
        if (this.request.store !== undefined || e.status !== 400 || !/not reached|not reachable/.test(e.message)) throw e;
        const request = { ...this.request, from: text };
        this.setStatus('Solving from this position…', 'busy');
        await solve(request);
        report = await api.post('/api/query', request);
        this.request = request;
      }
      if (epoch !== this.epoch) return;
      this.history = [report];
      this.labels = [];
      this.render();
      this.maybeReply();
    } catch (e) {
      this.setStatus(e.message, 'error');
    }
  }

  setStatus(text, state) {
    const el = $('status');
    el.replaceChildren(text);
    el.dataset.state = state;
  }

  render() {
    const cur = this.current;
    $('undo').disabled = this.history.length <= 1;
    $('restart').disabled = this.history.length <= 1;
    $('copy').disabled = !cur;
    if (!cur) {
      $('board').replaceChildren(h('div', { class: 'placeholder' }, 'The board appears here.'));
      $('moves').replaceChildren();
      $('moves-caption').textContent = '';
      $('log').replaceChildren();
      $('history-chart').replaceChildren(h('p', { class: 'muted' }, 'The value of each position of the game so far appears here.'));
      return;
    }
    drawBoard(cur);
    $('notation').value = cur.position;
    const [p1, p2] = this.names();
    const mover = this.ply % 2 === 0 ? p1 : p2;
    const other = this.ply % 2 === 0 ? p2 : p1;
    const status = $('status');
    status.dataset.value = cur.value;
    if (cur.over) {
      let result, chip;
      if (cur.value === 'tie' || cur.value === 'draw') {
        result = cur.value === 'tie' ? 'a tie (drawn game)' : 'a draw';
        chip = cur.value;
      } else {
        const winner = cur.value === 'lose' ? other : mover;
        result = `${winner} ${winner === 'You' ? 'win' : 'wins'}`;
        chip = this.mode === 'humans' ? 'neutral' : winner === 'You' ? 'win' : 'lose';
      }
      status.dataset.state = 'over';
      status.dataset.result = cur.value === 'tie' || cur.value === 'draw' ? cur.value : (cur.value === 'lose') === (this.ply % 2 === 0) ? 'second' : 'first';
      status.replaceChildren(h('span', { class: 'badge' }, 'Game over:'), h('span', { class: `chip big ${chip}` }, result));
    } else {
      status.dataset.state = 'playing';
      delete status.dataset.result;
      const thinking = this.computerToMove() ? ' (thinking…)' : '';
      status.replaceChildren(
        h('span', { class: 'badge' }, `${mover} to move${thinking}`),
        h('span', { class: `chip ${$('hints').checked ? cur.value : 'neutral'}` }, $('hints').checked ? outcomeText(cur.value, cur.remoteness) : 'values hidden'),
      );
    }

    // Moves, best first.
    const hints = $('hints').checked;
    const moves = $('moves');
    moves.replaceChildren();
    if (cur.over) {
      moves.append(h('p', { class: 'over' }, 'No moves: the game is over.'));
    }
    const computer = this.computerToMove();
    for (const m of cur.moves) {
      moves.append(h('button', {
        class: `move ${hints ? m.value : 'hidden-value'}`,
        'data-value': m.value,
        'data-label': m.label,
        'data-remoteness': m.remoteness ?? '',
        disabled: computer,
        title: `${m.label} → ${m.position}: ${outcomeText(m.value, m.remoteness)} for ${mover}`,
        onclick: () => this.play(m),
      }, h('span', { class: 'label' }, m.label), h('span', { class: 'value' }, outcomeText(m.value, m.remoteness))));
    }
    $('moves-caption').textContent = cur.over ? '' : `${cur.moves.length} legal, best first`;

    const log = $('log');
    log.replaceChildren(...this.labels.map((l, i) => h('li', { class: i % 2 ? 'p2' : 'p1' }, h('span', { class: 'n' }, i + 1), l)));
    $('history-chart').replaceChildren(valueHistory(this.history, this.names()));
  }
}

export function clearPlayError() {
  showError($('picker-error'), null);
}
