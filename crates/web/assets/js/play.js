// Playing a game: the board, every move coloured by what it gives the mover, perfect play as
// an opponent, undo, the notation, and the value history. For partizan games with values, the
// mode `values`: the position's value in the algebra of canonical forms, its thermograph, and
// Left's and Right's moves with the values they lead to (either player may move).

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
    this.title = '';
    this.mode0 = $('mode').value; // the mode the current game was loaded in
    $('mode').addEventListener('change', () => {
      // Values and perfect play are answered by different routes: load the game again.
      if ((this.mode === 'values') !== (this.mode0 === 'values')) this.start();
      else { this.render(); this.maybeReply(); }
    });
    $('hints').addEventListener('change', () => this.render());
    $('undo').addEventListener('click', () => this.undo());
    $('restart').addEventListener('click', () => this.restart());
    $('copy').addEventListener('click', () => this.copy());
    $('goto').addEventListener('click', () => this.goto($('notation').value.trim()));
    $('notation').addEventListener('keydown', (e) => { if (e.key === 'Enter') this.goto($('notation').value.trim()); });
    this.render();
  }

  get mode() { return $('mode').value; }
  /** Whether the game is shown by its values (Left or Right may move). */
  get valued() { return this.mode0 === 'values'; }
  get current() { return this.history[this.history.length - 1]; }
  get ply() { return this.history.length - 1; }

  /** Whether perfect play moves now. */
  computerToMove() {
    if (!this.current || this.current.over) return false;
    const firstToMove = this.ply % 2 === 0;
    return (this.mode === 'first' && firstToMove) || (this.mode === 'second' && !firstToMove);
  }

  names() {
    if (this.valued) return ['Left', 'Right'];
    if (this.mode === 'second') return ['You', 'Perfect play'];
    if (this.mode === 'first') return ['Perfect play', 'You'];
    return ['Player 1', 'Player 2'];
  }

  /** Loads a game and shows its start: by its values when it has them (`values`: a partizan
   * game of /api/value), else solved first for perfect play. */
  async load(request, title, values = false) {
    this.request = request;
    this.title = title;
    const option = $('mode-values');
    option.hidden = option.disabled = !values;
    if (values) $('mode').value = 'values';
    else if (this.mode === 'values') $('mode').value = 'second';
    await this.start();
  }

  /** The value of a position (the start when null) from /api/value, the board drawn with
   * `player` to move. */
  valueOf(position, player) {
    const { game, params } = this.request;
    return api.post('/api/value', { game, params, position, player });
  }

  /** Shows the start of the loaded game in the chosen mode. */
  async start() {
    this.stop();
    const epoch = ++this.epoch;
    const request = this.request;
    this.mode0 = this.mode;
    this.history = [];
    this.labels = [];
    $('play-title').textContent = this.title;
    if (!request) return;
    this.setStatus(this.valued ? 'Finding the value…' : 'Solving…', 'busy');
    this.render();
    try {
      let start;
      if (this.valued) {
        start = await this.valueOf(null, 'L');
      } else {
        if (request.store === undefined) await solve(request);
        start = await api.post('/api/query', { ...request });
      }
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

  /** Plays a move (a position reached) and lets perfect play answer when it is its turn; in the
   * values mode, `side` says whose move it is (`L` or `R`), and the other is drawn to move. */
  async play(move, side) {
    const epoch = this.epoch;
    try {
      const next = this.valued
        ? await this.valueOf(move.position, side === 'L' ? 'R' : 'L')
        : await api.post('/api/query', { ...this.request, position: move.position });
      if (epoch !== this.epoch) return;
      this.history.push(next);
      this.labels.push(side ? `${side} ${move.label}` : move.label);
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
        report = this.valued ? await this.valueOf(text, 'L') : await api.post('/api/query', { ...this.request, position: text });
      } catch (e) {
        if (this.valued || this.request.store !== undefined || e.status !== 400 || !/not reached|not reachable/.test(e.message)) throw e;
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
    $('value-panel').hidden = !this.valued || !cur;
    $('legend-values').hidden = !this.valued;
    $('legend-outcomes').hidden = this.valued;
    $('history-title').textContent = this.valued ? 'Values so far' : 'Value history';
    $('moves').classList.toggle('by-side', this.valued);
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
    if (this.valued) {
      this.renderValues(cur);
      return;
    }
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

  /** The values mode: the position's value, its facts and thermograph, and both players' moves. */
  renderValues(cur) {
    const hints = $('hints').checked;
    const status = $('status');
    const none = cur.left.length === 0 && cur.right.length === 0;
    status.dataset.state = none ? 'over' : 'playing';
    status.dataset.value = cur.value ?? '';
    status.dataset.outcome = cur.outcome;
    delete status.dataset.result;
    status.replaceChildren(
      h('span', { class: 'badge' }, 'Value'),
      h('span', { class: 'chip value-chip' }, valueText(cur.value)),
      h('span', { class: `chip outcome-${cur.outcome}` }, `${cur.outcome}: ${cur.meaning}`),
    );
    const fact = (name, ...value) => [h('dt', {}, name), h('dd', { 'data-fact': name.toLowerCase() }, ...value)];
    $('value-facts').replaceChildren(
      ...fact('Value', h('code', {}, valueText(cur.value))),
      ...fact('Outcome', h('strong', {}, cur.outcome), ` — ${cur.meaning}`),
      ...fact('Stops', `left ${cur.left_stop}, right ${cur.right_stop}`),
      ...fact('Mean', cur.mean),
      ...fact('Temperature', cur.temperature),
    );
    $('thermograph').innerHTML = cur.thermograph;

    const moves = $('moves');
    moves.replaceChildren();
    for (const [side, list, name] of [['L', cur.left, 'Left'], ['R', cur.right, 'Right']]) {
      const buttons = list.map((m) => {
        const wins = moveWins(side, m.outcome);
        return h('button', {
          class: `move ${hints ? (wins ? 'win' : 'lose') : 'hidden-value'}`,
          'data-side': side,
          'data-label': m.label,
          'data-value': m.value ?? '',
          'data-outcome': m.outcome,
          title: `${name}: ${m.label} → ${m.position}, value ${valueText(m.value)} (${m.outcome}): ${wins ? 'wins' : 'loses'} for ${name}`,
          onclick: () => this.play(m, side),
        }, h('span', { class: 'label' }, m.label), h('span', { class: 'value' }, valueText(m.value)));
      });
      moves.append(h('div', { class: 'side', 'data-side': side },
        h('h4', {}, `${name}'s moves `, h('span', { class: 'muted' }, list.length ? String(list.length) : 'none')),
        h('div', { class: 'moves' }, buttons)));
    }
    $('moves-caption').textContent = none ? 'none: the player to move loses' : 'either player may move';

    const log = $('log');
    log.replaceChildren(...this.labels.map((l, i) => h('li', { class: l.startsWith('L') ? 'p1' : 'p2' }, h('span', { class: 'n' }, i + 1), l)));
    // The values so far: one row per position.
    const rows = this.history.map((p, i) => h('tr', {},
      h('td', { class: 'n' }, i),
      h('td', {}, i === 0 ? 'start' : this.labels[i - 1]),
      h('td', {}, h('code', {}, valueText(p.value))),
      h('td', {}, p.outcome),
      h('td', {}, p.mean),
      h('td', {}, p.temperature)));
    $('history-chart').replaceChildren(h('table', { class: 'values-table' },
      h('thead', {}, h('tr', {}, ...['', 'move', 'value', 'outcome', 'mean', 'temperature'].map((t) => h('th', {}, t)))),
      h('tbody', {}, rows)));
  }
}

/** Whether a move to a position of this outcome class wins for the player who makes it (the
 * other moves next): for Left, a position Left wins whoever starts (L) or whose next player
 * loses (P). */
function moveWins(side, outcome) {
  return outcome === 'P' || outcome === side;
}

/** A value as the page writes it (null: too long to write). */
function valueText(value) {
  return value ?? '(too long to write)';
}

export function clearPlayError() {
  showError($('picker-error'), null);
}
