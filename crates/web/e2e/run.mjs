// End-to-end tests of the web explorer: starts `nimber serve --port 0`, drives headless Chromium
// (Debian's /usr/bin/chromium, through playwright-core) against it, and saves screenshots.
//
//   node run.mjs                     # builds nimber (the `checked` profile of the tests) first
//   NIMBER_BIN=path/to/nimber node run.mjs   # .ci/run: the binary its tests built
//
// Screenshots go to $NIMBER_E2E_ARTIFACTS (default: target/e2e at the repository root).
// Exit status 0 when every test passes.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const artifacts = path.resolve(process.env.NIMBER_E2E_ARTIFACTS ?? path.join(root, 'target/e2e'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(artifacts, { recursive: true });

function log(...args) {
  console.log('[e2e]', ...args);
}

/** The nimber binary: $NIMBER_BIN, or built here with the tests' profile (`checked`). */
function nimberBinary() {
  if (process.env.NIMBER_BIN) return path.resolve(process.env.NIMBER_BIN);
  log('building nimber (cargo build --profile checked -p nimber)');
  const built = spawnSync('cargo', ['build', '--profile', 'checked', '-p', 'nimber'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('cargo build failed');
  return path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, 'target'), 'checked/nimber');
}

/** Starts `nimber serve --port 0` and resolves to {url, process} once it prints its URL. */
function startServer(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL from nimber serve: ${out}`)), 15000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/[^\s]+/);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], child });
      }
    });
    child.on('exit', (code) => reject(new Error(`nimber serve exited with ${code}: ${out}`)));
  });
}

const tests = [];
const test = (name, f) => tests.push({ name, f });

async function shot(page, name) {
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  log(`screenshot ${file}`);
}

/** Waits until the page has a loaded position with its moves (or the end of the game). */
async function settled(page) {
  await page.waitForFunction(() => {
    const st = document.getElementById('status').dataset.state;
    return st === 'playing' || st === 'over';
  });
}

/** The number of games loaded so far (the page counts them on <body data-loads>). */
const loads = (page) => page.evaluate(() => Number(document.body.dataset.loads ?? 0));

async function loadGame(page, game, params = {}) {
  await page.selectOption('#game-select', game);
  for (const [k, v] of Object.entries(params)) await page.fill(`#params-form input[name="${k}"]`, v);
  const before = await loads(page);
  await page.click('#load-game');
  await page.waitForFunction((n) => Number(document.body.dataset.loads ?? 0) > n, before);
  await settled(page);
}

test('a full game of tic-tac-toe against perfect play ends in a draw', async (page) => {
  await page.selectOption('#mode', 'second');
  await loadGame(page, 'tictactoe');
  assert.match(await page.textContent('#status'), /You to move/);
  assert.match(await page.textContent('#status'), /tie in 9/);
  let turns = 0;
  for (;;) {
    const state = await page.getAttribute('#status', 'data-state');
    if (state === 'over') break;
    assert.ok(turns < 9, 'the game should end within nine moves');
    // Our turn: the best move is first; it keeps the tie.
    await page.waitForSelector('#moves button.move:not([disabled])');
    const first = page.locator('#moves button.move').first();
    assert.equal(await first.getAttribute('data-value'), 'tie');
    await first.click();
    turns++;
    // Perfect play answers (or the game ends with our move).
    await page.waitForFunction((n) => {
      const st = document.getElementById('status').dataset.state;
      const moves = document.querySelectorAll('#log li').length;
      return st === 'over' || (moves === 2 * n && !document.querySelector('#moves button.move[disabled]'));
    }, turns);
    if (turns === 2) await shot(page, 'play-tictactoe-midgame');
  }
  assert.equal(await page.getAttribute('#status', 'data-result'), 'tie');
  assert.match(await page.textContent('#status'), /Game over:\s*a tie/);
  assert.equal(await page.locator('#log li').count(), 9);
  // The value history has one point per position.
  assert.equal(await page.locator('#history-chart circle').count(), 10 + 4 /* legend */);
  await shot(page, 'play-tictactoe-draw');
});

test('the moves of a known position are coloured by what they give the mover', async (page) => {
  await page.selectOption('#mode', 'humans');
  await loadGame(page, 'tictactoe');
  await page.fill('#notation', 'x.o/.../...');
  await page.click('#goto');
  await page.waitForFunction(() => document.getElementById('notation').value === 'x.o/.../...' && document.querySelectorAll('#moves button.move').length === 7);
  const moves = await page.$$eval('#moves button.move', (bs) => bs.map((b) => [b.dataset.label, b.dataset.value, b.dataset.remoteness, getComputedStyle(b).backgroundColor]));
  // `nimber query tictactoe x.o/.../...`: three wins in 5, three ties in 7, one loss in 6; best first.
  const expected = [['a2', 'win', '5'], ['a3', 'win', '5'], ['c3', 'win', '5'], ['b2', 'tie', '7'], ['c2', 'tie', '7'], ['b3', 'tie', '7'], ['b1', 'lose', '6']];
  assert.deepEqual(moves.map(([l, v, r]) => [l, v, r]), expected);
  const colour = Object.fromEntries(moves.map(([, v, , c]) => [v, c]));
  assert.equal(colour.win, 'rgb(227, 246, 234)');
  assert.equal(colour.tie, 'rgb(255, 245, 214)');
  assert.equal(colour.lose, 'rgb(253, 231, 233)');
  assert.match(await page.textContent('#status'), /win in 5/);
  await shot(page, 'play-move-colours');
  // Undo goes back one move in a game between two players.
  await page.click('#moves button.move[data-label="b1"]');
  await page.waitForFunction(() => document.getElementById('notation').value === 'xxo/.../...');
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('notation').value === 'x.o/.../...');
});

test('a nim sequence is plotted with its period marked', async (page) => {
  await page.click('#tab-sequence');
  await page.fill('#ruleset', '0.77');
  await page.fill('#upto', '200');
  await page.click('#plot');
  await page.waitForSelector('#sequence-period[data-period="12"]');
  assert.match(await page.textContent('#sequence-period'), /period 12 from n = 71 \(proved\)/);
  assert.ok((await page.locator('#sequence-plot rect.period-band').count()) >= 10);
  assert.equal(await page.locator('#sequence-rows td').count(), 201);
  await shot(page, 'sequence-kayles');
  // A heap game of the library sets the ruleset.
  await page.click('#tab-play');
  await loadGame(page, 'subtraction', { set: '1,3,4', heaps: '9' });
  await page.click('#tab-sequence');
  await page.waitForSelector('#sequence-period[data-period="7"]');
  assert.equal(await page.inputValue('#ruleset'), 'sub:1,3,4');
});

test('an exploration table is drawn as a coloured grid', async (page) => {
  await loadGame(page, 'enjapma', { h: '3', w: '3' });
  await page.click('#tab-explore');
  await page.selectOption('#feature-1', 'pieces');
  await page.selectOption('#feature-2', 'on_dark');
  await page.click('#explore');
  await page.waitForSelector('#explore-grid table');
  const info = await page.textContent('#explore-info');
  assert.match(info, /is a function of pieces, on_dark/);
  assert.match(info, /% 3 == 0/);
  assert.ok((await page.locator('#explore-grid td:not(.empty)').count()) > 10);
  await shot(page, 'explore-enjapma');
});

test('a stored solve opens and plays', async (page) => {
  const before = await loads(page);
  await page.click('#stores button');
  await page.waitForFunction((n) => Number(document.body.dataset.loads ?? 0) > n, before);
  assert.match(await page.textContent('#play-title'), /stored/);
  await settled(page);
  assert.match(await page.textContent('#status'), /tie in 9/);
  assert.equal(await page.locator('#moves button.move').count(), 9);
});

test('dodgem: a game with cycles, against perfect play moving first', async (page) => {
  await page.click('#tab-play');
  await page.selectOption('#mode', 'first');
  await loadGame(page, 'dodgem');
  // Perfect play moves first, then it is our turn.
  await page.waitForFunction(() => document.querySelectorAll('#log li').length === 1 && !document.querySelector('#moves button.move[disabled]'));
  await page.locator('#moves button.move').first().click();
  await page.waitForFunction(() => document.querySelectorAll('#log li').length === 3);
  await shot(page, 'play-dodgem');
});

test('domineering: the values of the position and of every move, and the thermograph', async (page) => {
  await page.click('#tab-play');
  await loadGame(page, 'domineering', { board: '.../...' });
  // A partizan game with values opens in the values mode.
  assert.equal(await page.inputValue('#mode'), 'values');
  await page.waitForSelector('#status[data-value="{2|-1/2}"]');
  assert.match(await page.textContent('#status'), /N: the player to move wins/);
  const fact = (name) => page.textContent(`#value-facts dd[data-fact="${name}"]`);
  assert.equal(await fact('stops'), 'left 2, right -1/2');
  assert.equal(await fact('mean'), '3/4');
  assert.equal(await fact('temperature'), '5/4');
  assert.equal(await page.locator('#thermograph svg[data-mean="3/4"][data-temperature="5/4"]').count(), 1);
  // The board is drawn as for the strong solvers, Left to move.
  assert.equal(await page.locator('#board svg[data-position=".../... L"]').count(), 1);
  const side = (s) => page.$$eval(`#moves .side[data-side="${s}"] button.move`, (bs) => bs.map((b) => [b.dataset.label, b.dataset.value, b.classList.contains('win') ? 'win' : 'lose']));
  // Left's domino in the middle leaves 2 (Left wins); at a side +-1 (Right, next, wins). Each of
  // Right's leaves -1/2, which Right wins.
  assert.deepEqual(await side('L'), [['a1-a2', '+-1', 'lose'], ['b1-b2', '2', 'win'], ['c1-c2', '+-1', 'lose']]);
  assert.deepEqual(await side('R'), [['a1-b1', '-1/2', 'win'], ['b1-c1', '-1/2', 'win'], ['a2-b2', '-1/2', 'win'], ['b2-c2', '-1/2', 'win']]);
  await shot(page, 'values-domineering');
  // Left plays in the middle: two columns, 2; Right has no move left, Left two (each leaves 1).
  await page.click('#moves .side[data-side="L"] button.move[data-label="b1-b2"]');
  await page.waitForSelector('#status[data-value="2"]');
  assert.equal(await page.inputValue('#notation'), '.#./.#.');
  assert.equal(await page.locator('#board svg[data-position=".#./.#. R"]').count(), 1);
  assert.deepEqual(await side('L'), [['a1-a2', '1', 'win'], ['c1-c2', '1', 'win']]);
  assert.deepEqual(await side('R'), []);
  assert.equal(await fact('temperature'), '-1');
  assert.deepEqual(await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent)), ['1L b1-b2']);
  assert.equal(await page.locator('#history-chart tbody tr').count(), 2);
  // Back, and Right moves instead (either player may move).
  await page.click('#undo');
  await page.waitForSelector('#status[data-value="{2|-1/2}"]');
  await page.click('#moves .side[data-side="R"] button.move[data-label="a1-b1"]');
  await page.waitForSelector('#status[data-value="-1/2"]');
  assert.equal(await page.inputValue('#notation'), '##./...');
  assert.match(await page.textContent('#status'), /R: Right wins, whoever starts/);
  await shot(page, 'values-domineering-after-right');
  // A position typed in: the 2x2 board, +-1.
  await page.fill('#notation', '../..');
  await page.click('#goto');
  await page.waitForSelector('#status[data-value="+-1"]');
  assert.equal(await fact('temperature'), '1');
  // Perfect play through the strong solver is still there.
  await page.selectOption('#mode', 'humans');
  await page.waitForFunction(() => /win in/.test(document.getElementById('status').textContent));
  assert.equal(await page.locator('#value-panel[hidden]').count(), 1);
  await page.selectOption('#mode', 'values');
  await page.waitForSelector('#status[data-value="{2|-1/2}"]');
});

test('hackenbush: a string of Blue-Red Hackenbush is a number, by Berlekamp\'s rule', async (page) => {
  await page.click('#tab-play');
  await loadGame(page, 'hackenbush', { forest: 'BRR' });
  assert.equal(await page.inputValue('#mode'), 'values');
  await page.waitForSelector('#status[data-value="1/4"]');
  assert.match(await page.textContent('#status'), /L: Left wins, whoever starts/);
  const side = (s) => page.$$eval(`#moves .side[data-side="${s}"] button.move`, (bs) => bs.map((b) => [b.dataset.label, b.dataset.value]));
  // Left cuts the blue edge and everything falls: 0. Right cuts a red edge: B (1) or BR (1/2).
  assert.deepEqual(await side('L'), [['B1', '0']]);
  assert.deepEqual(await side('R'), [['R2', '1'], ['R3', '1/2']]);
  assert.equal(await page.locator('#board svg[data-position="BRR L"]').count(), 1);
  await shot(page, 'values-hackenbush');
  await page.click('#moves .side[data-side="R"] button.move[data-label="R3"]');
  await page.waitForSelector('#status[data-value="1/2"]');
  assert.equal(await page.inputValue('#notation'), 'BR');
});

let server = null;

async function main() {
  const bin = nimberBinary();
  const work = mkdtempSync(path.join(tmpdir(), 'nimber-e2e-'));
  const db = path.join(work, 'tictactoe.db');
  const saved = spawnSync(bin, ['solve', 'tictactoe', '--save', db], { encoding: 'utf8' });
  if (saved.status !== 0) throw new Error(`nimber solve --save failed: ${saved.stderr}`);
  server = await startServer(bin, ['--db', db]);
  log(`server at ${server.url}`);
  const context = await chromium.launchPersistentContext(path.join(work, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1360, height: 900 },
    deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // Wait for the page's own signal rather than the load event (which some playwright-core and
  // Chromium pairs report late).
  await page.goto(server.url, { waitUntil: 'commit' });
  try {
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  } catch {
    // On a loaded machine the first navigation of a fresh profile can stall: load the page again.
    log('the page did not start in 30 s; reloading');
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
  }
  await page.waitForFunction(() => Number(document.body.dataset.loads ?? 0) > 0);
  await settled(page);
  await shot(page, 'start');

  let failed = 0;
  for (const { name, f } of tests) {
    const started = Date.now();
    try {
      await f(page);
      log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      log(`FAIL ${name}\n${e.stack ?? e}`);
      await shot(page, `failure-${tests.findIndex((t) => t.name === name)}`).catch(() => {});
    }
  }
  if (errors.length) {
    failed++;
    log(`FAIL the page logged errors:\n  ${errors.join('\n  ')}`);
  }
  await context.close();
  server.child.kill();
  rmSync(work, { recursive: true, force: true });
  log(`${tests.length - failed + (errors.length ? 1 : 0)} passed, ${failed} failed; screenshots in ${artifacts}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error('[e2e] error:', e);
  server?.child.kill();
  process.exit(1);
});
