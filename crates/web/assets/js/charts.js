// Charts drawn as SVG: the value history of a game, and nim sequences with their period.

import { h, s, outcomeText } from './dom.js';

export const COLORS = { win: '#1f9d55', tie: '#d69e00', draw: '#3b82f6', lose: '#dc3545' };
const P1 = '#4f46e5';
const P2 = '#ea7a18';

// Hues for nim values 1, 2, ...: distinct, none of them red (red is 0, a loss for the mover).
const HUES = [215, 140, 270, 35, 185, 300, 95, 240, 55, 165, 325, 200];

/** A colour for nim value n: 0 (a loss for the player to move) red, others by hue. */
export function nimColor(n, light = false) {
  if (n === 0) return light ? '#fde7e9' : '#dc3545';
  const hue = HUES[(n - 1) % HUES.length];
  const shade = Math.floor((n - 1) / HUES.length) % 2 ? 38 : 50;
  return light ? `hsl(${hue} 75% ${shade === 50 ? 90 : 84}%)` : `hsl(${hue} 62% ${shade}%)`;
}

/**
 * The value history: one point per position of the game so far, at height its remoteness,
 * coloured by who is winning (player 1, player 2, a tie, a draw).
 * `history`: [{value, remoteness}] for the player to move at each ply; `names`: [p1, p2].
 */
export function valueHistory(history, names = ['Player 1', 'Player 2']) {
  const W = 760, H = 230, left = 44, right = 16, top = 24, bottom = 40;
  const plies = Math.max(history.length - 1, 8);
  const finite = history.map((p) => p.remoteness ?? 0);
  const hasDraw = history.some((p) => p.value === 'draw');
  const maxR = Math.max(4, ...finite);
  const yTop = hasDraw ? top + 22 : top;
  const x = (i) => left + (i / plies) * (W - left - right);
  const y = (p) => (p.value === 'draw' ? top + 4 : yTop + (1 - (p.remoteness ?? 0) / maxR) * (H - yTop - bottom));
  // Who is winning, from the first player's side.
  const who = (p, i) => {
    if (p.value === 'tie' || p.value === 'draw') return p.value;
    const moverIsP1 = i % 2 === 0;
    return (p.value === 'win') === moverIsP1 ? 'p1' : 'p2';
  };
  const color = { p1: P1, p2: P2, tie: COLORS.tie, draw: COLORS.draw };
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Value history' });

  // Grid and axes.
  const step = maxR <= 10 ? 1 : maxR <= 24 ? 2 : maxR <= 60 ? 5 : 10;
  for (let r = 0; r <= maxR; r += step) {
    const yy = y({ value: 'win', remoteness: r });
    svg.append(s('line', { x1: left, x2: W - right, y1: yy, y2: yy, class: r === 0 ? 'axis' : 'grid' }));
    svg.append(s('text', { x: left - 8, y: yy + 4, 'text-anchor': 'end' }, r));
  }
  if (hasDraw) svg.append(s('text', { x: left - 8, y: top + 8, 'text-anchor': 'end' }, '∞'));
  const xStep = plies <= 12 ? 1 : plies <= 40 ? 5 : 10;
  for (let i = 0; i <= plies; i += xStep) {
    svg.append(s('text', { x: x(i), y: H - bottom + 16, 'text-anchor': 'middle' }, i));
  }
  svg.append(s('text', { x: (left + W - right) / 2, y: H - 6, 'text-anchor': 'middle' }, 'moves played'));
  svg.append(s('text', { x: 12, y: (top + H - bottom) / 2, transform: `rotate(-90 12 ${(top + H - bottom) / 2})`, 'text-anchor': 'middle' }, 'remoteness'));

  // Segments coloured by the later position, then points.
  for (let i = 1; i < history.length; i++) {
    svg.append(s('line', {
      x1: x(i - 1), y1: y(history[i - 1]), x2: x(i), y2: y(history[i]),
      stroke: color[who(history[i], i)], 'stroke-width': 2.5, 'stroke-linecap': 'round', opacity: 0.55,
    }));
  }
  history.forEach((p, i) => {
    const c = s('circle', { cx: x(i), cy: y(p), r: i === history.length - 1 ? 6.5 : 5, fill: color[who(p, i)], stroke: '#fff', 'stroke-width': 2 });
    const mover = i % 2 === 0 ? names[0] : names[1];
    c.append(s('title', {}, `after ${i} move${i === 1 ? '' : 's'}: ${mover} to move, ${outcomeText(p.value, p.remoteness)}`));
    svg.append(c);
  });

  // Legend.
  const items = [['p1', `${names[0]} winning`], ['p2', `${names[1]} winning`], ['tie', 'tie'], ['draw', 'draw']];
  let lx = W - right;
  for (const [k, label] of items.reverse()) {
    const width = 16 + label.length * 6.2;
    lx -= width + 10;
    svg.append(s('circle', { cx: lx + 5, cy: 8, r: 5, fill: color[k] }));
    svg.append(s('text', { x: lx + 14, y: 12 }, label));
  }
  return svg;
}

/**
 * A nim sequence as bars G(n) over n, the preperiod shaded and each period after it banded;
 * zeros (losses for the player to move) as red dots on the axis.
 */
export function sequencePlot(seq) {
  const values = seq.values;
  const n = values.length;
  const W = 1000, H = 320, left = 40, right = 14, top = 48, bottom = 36;
  const maxV = Math.max(1, ...values);
  const bw = (W - left - right) / n;
  const x = (i) => left + i * bw;
  const y = (v) => top + (1 - v / maxV) * (H - top - bottom);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `Nim sequence of ${seq.title}` });

  // Period bands.
  if (seq.period) {
    const p = seq.period, n0 = seq.preperiod;
    if (n0 > 0) {
      svg.append(s('rect', { x: left, y: top - 12, width: n0 * bw, height: H - top - bottom + 12, fill: '#f1f2f6' }));
      if (n0 * bw > 60) svg.append(s('text', { x: left + 4, y: top - 2 }, 'preperiod'));
    }
    for (let k = 0, start = n0; start < n; k++, start += p) {
      const w = Math.min(p, n - start) * bw;
      svg.append(s('rect', { x: x(start), y: top - 12, width: w, height: H - top - bottom + 12, fill: k % 2 ? '#eef0ff' : '#f7f8ff', class: 'period-band' }));
      if (k < 200) svg.append(s('line', { x1: x(start), x2: x(start), y1: top - 12, y2: H - bottom, stroke: '#a5b4fc', 'stroke-width': 1, 'stroke-dasharray': '3 3' }));
    }
    // A bracket over the first period.
    const bx1 = x(n0), bx2 = x(Math.min(n0 + p, n));
    svg.append(s('path', { d: `M${bx1} ${top - 16} v-6 H${bx2} v6`, fill: 'none', stroke: '#4f46e5', 'stroke-width': 1.5 }));
    svg.append(s('text', { x: Math.min((bx1 + bx2) / 2, W - 90), y: top - 25, 'text-anchor': 'middle', fill: '#4338ca', style: 'font-weight:600' },
      `period ${p}${seq.saltus ? `, saltus ${seq.saltus}` : ''}`));
  }

  // Axes.
  const step = maxV <= 10 ? 1 : maxV <= 30 ? 5 : 10;
  for (let v = 0; v <= maxV; v += step) {
    svg.append(s('line', { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === 0 ? 'axis' : 'grid', opacity: 0.8 }));
    svg.append(s('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, v));
  }
  const xs = n <= 40 ? 5 : n <= 120 ? 10 : n <= 300 ? 25 : n <= 1200 ? 100 : Math.pow(10, Math.floor(Math.log10(n / 4)));
  for (let i = 0; i < n; i += xs) svg.append(s('text', { x: x(i) + bw / 2, y: H - bottom + 15, 'text-anchor': 'middle' }, i));
  svg.append(s('text', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle' }, 'heap size n'));

  // Bars: one rect per value when wide enough, else a path.
  if (bw >= 2) {
    values.forEach((v, i) => {
      if (v === 0) {
        svg.append(s('circle', { cx: x(i) + bw / 2, cy: y(0), r: Math.min(3, bw / 2.5), fill: '#dc3545' }));
        return;
      }
      const r = s('rect', { x: x(i) + bw * 0.12, y: y(v), width: bw * 0.76, height: y(0) - y(v), rx: Math.min(2, bw / 4), fill: nimColor(v) });
      r.append(s('title', {}, `G(${i}) = ${v}`));
      svg.append(r);
    });
  } else {
    let d = '';
    values.forEach((v, i) => { d += `M${x(i).toFixed(2)} ${y(0)}V${y(v).toFixed(2)}`; });
    svg.append(s('path', { d, stroke: '#6366f1', 'stroke-width': Math.max(bw, 0.6), fill: 'none' }));
  }
  return svg;
}

/** The values in rows of one period (a short one), coloured: columns repeat once periodic. */
export function sequenceRows(seq, limit = 600) {
  const p = seq.period && seq.period <= 40 ? seq.period : 10;
  const width = p * Math.max(1, Math.floor(12 / p));
  const values = seq.values.slice(0, limit);
  const table = h('table', { class: 'sequence-rows' });
  for (let start = 0; start < values.length; start += width) {
    const tr = h('tr', {}, h('th', {}, start));
    values.slice(start, start + width).forEach((v, k) => {
      const n = start + k;
      const pre = seq.period && n < seq.preperiod;
      tr.append(h('td', {
        title: `G(${n}) = ${v}`,
        style: `background:${nimColor(v, true)};${pre ? 'opacity:.55' : ''}`,
      }, v));
    });
    table.append(tr);
  }
  return table;
}
