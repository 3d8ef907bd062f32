// End-to-end test of `peguri serve` in a real browser: Debian's chromium,
// driven headless by playwright-core. It starts the server on a free
// loopback port and drives the page as a user would: components, diagram
// and tree of a URI; hovering a node marks its span in the input; a
// grammar error shown in view (the results scrolled away or not), whose
// link moves the editor's cursor; an edited grammar that allows `_` in a
// scheme, with its components and diagram; the trace of a rejected input,
// with the built-in grammar and an edited one; the selector's IRI and
// zone entries; the share link opened in a new browser; a reload and a
// new tab that keep the edits; the batch diff; a link whose text is
// markup stays text; `serve --grammar FILE --override FILE`, its link
// opened by a server started without them. It saves screenshots under
// target/e2e/ (serve.png is the one in docs/).
//
// Run from .ci/run, or by hand after `cargo build --features serve`:
//   cd e2e && npm ci && npm test
// PEGURI_BIN, CHROMIUM and PEGURI_E2E_ARTEFACTS override the paths.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Cargo's target directory, as cargo resolves it from the repository root.
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');
const binary = process.env.PEGURI_BIN ?? path.join(targetDir, 'debug', 'peguri');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const artefacts = process.env.PEGURI_E2E_ARTEFACTS ?? path.join(targetDir, 'e2e');

// Without the networking flags Chromium tries to reach Google's services at
// every start; the machine has no network but its registries.
const CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// The size of docs/serve.png, which this test's first screenshot is.
const VIEWPORT = { width: 1200, height: 800 };
// uri.pest's scheme rule, and the same allowing `_`.
const SCHEME = 'scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }';
const SCHEME_WITH_UNDERSCORE = SCHEME.replace('".")*', '"." | "_")*');

const servers = [];
const addresses = [];
let address;
let browser;
// Every request any page made, and every script error.
const requests = [];
const pageErrors = [];

/** Starts `peguri serve --port 0 ARGS` and resolves with the address it prints. */
function startServer(args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['serve', '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    servers.push(child);
    let printed = '';
    const timer = setTimeout(() => reject(new Error('peguri serve printed no address')), 20000);
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = printed.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) {
        clearTimeout(timer);
        addresses.push(found[0]);
        resolve(found[0]);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`peguri serve exited (${code})`)));
  });
}

before(async () => {
  await mkdir(artefacts, { recursive: true });
  address = await startServer();
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
});

after(async () => {
  await browser?.close();
  for (const server of servers) server.kill();
  // Nothing was loaded from anywhere else, and no script failed.
  const elsewhere = requests.filter((url) => !addresses.some((at) => url.startsWith(at)));
  assert.deepEqual(elsewhere, []);
  assert.deepEqual(pageErrors, []);
});

/** A page in a browser context of its own (its own storage). */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return page;
}

/** Opens `url` and waits for the page's first answer. */
async function open(page, url = address) {
  await page.goto(url);
  await ready(page);
}

/** Waits for the page's grammar and its first answer. */
async function ready(page) {
  await page.waitForFunction(() => document.getElementById('grammar').value !== '');
  await page.waitForFunction(() => document.getElementById('status').dataset.state !== 'busy');
}

/** Waits until the status badge says `state`. */
async function statusIs(page, state) {
  await page.waitForFunction(
    (wanted) => document.getElementById('status').dataset.state === wanted,
    state,
    { timeout: 15000 },
  );
}

/** The text marked in the input by hovering, or null. */
function marked(page) {
  return page.evaluate(() => document.querySelector('#uri-backdrop mark')?.textContent ?? null);
}

/** Waits until the address holds an experiment whose input is `input`. */
async function remembered(page, input) {
  for (let tries = 0; tries < 100; tries++) {
    const held = await page.evaluate(async () => {
      const state = await import('/state.js');
      return (await state.fromFragment(location.hash, ''))?.input;
    });
    if (held === input) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`the address never held the input ${input}`);
}

test('components, diagram, tree, hover, grammar errors in view, an edited grammar', { timeout: 60000 }, async () => {
  const page = await newPage();
  await open(page);

  // A URI: the host is shown in the components, the diagram names it.
  await page.fill('#uri', 'https://user@example.org:8443/over/there?name=ferret#nose');
  await page.waitForFunction(
    () => document.querySelector('td[data-component="host"]')?.textContent === 'example.org',
    null,
    { timeout: 15000 },
  );
  await statusIs(page, 'valid');
  assert.equal(await page.textContent('td[data-component="port"]'), '8443');
  const diagram = await page.textContent('#diagram');
  assert.match(diagram, /scheme name/);
  assert.match(diagram, /https:\/\/user@example\.org:8443\/over\/there\?name=ferret#nose/);
  assert.match(await page.textContent('#tree'), /reg_name \d+\.\.\d+ "example\.org"/);

  // Hovering a node of the tree marks its span in the input.
  await page.hover('#tree [data-rule="host"]');
  assert.equal(await marked(page), 'example.org');
  await page.hover('#tree [data-rule="query"]');
  assert.equal(await marked(page), 'name=ferret');
  await page.mouse.move(5, 5);
  assert.equal(await marked(page), null);

  // The RFC's grammar rejects `_` in a scheme, with the caret.
  await page.fill('#uri', 'a_b:c');
  await statusIs(page, 'invalid');
  assert.match(await page.textContent('#error'), /a_b:c\n\s+\^/);

  // A grammar error is shown beside the results, in view, with its line;
  // its link puts the editor's cursor there.
  const grammar = await page.inputValue('#grammar');
  assert.ok(grammar.includes(SCHEME), 'uri.pest has the scheme rule this test edits');
  await page.fill('#grammar', grammar.replace('scheme = @{', 'scheme = @{ ~'));
  await statusIs(page, 'grammar-error');
  const jump = page.locator('#grammar-errors button').first();
  const where = (await jump.textContent()).match(/line (\d+), column (\d+)/);
  assert.ok(where, 'the error has its line and column');
  await inView(page, '#grammar-errors-box');
  await jump.click();
  const cursor = await page.evaluate(() => {
    const editor = document.getElementById('grammar');
    const before = editor.value.slice(0, editor.selectionStart).split('\n');
    return { focused: document.activeElement === editor, line: before.length, column: before.at(-1).length + 1 };
  });
  assert.deepEqual(cursor, { focused: true, line: Number(where[1]), column: Number(where[2]) });

  // Allow `_` in a scheme: now `a_b:c` parses, and the tree shows it, with
  // the components and the diagram derived from the edited grammar.
  await page.fill('#grammar', grammar.replace(SCHEME, SCHEME_WITH_UNDERSCORE));
  await statusIs(page, 'valid');
  assert.equal(await page.textContent('#grammar-state'), 'edited');
  assert.match(await page.textContent('#tree'), /scheme 0\.\.3 "a_b"/);
  assert.equal(await page.textContent('td[data-component="scheme"]'), 'a_b');
  assert.equal(await page.textContent('td[data-component="path_rule"]'), 'path_rootless');
  assert.match(await page.textContent('#diagram'), /a_b:c\n\s*└┬┘\s*\n\s*scheme name/);
  await page.fill('#uri', 'a_b://user@example.org:8443/over/there?name=ferret#nose');
  await page.waitForFunction(() => document.querySelector('td[data-component="port"]')?.textContent === '8443');
  assert.match(await page.textContent('#diagram'), /a_b:\/\/user@example\.org:8443/);
  await page.hover('#tree [data-rule="host"]');
  assert.equal(await marked(page), 'example.org');
  // The editor at the edited rule, as a user would scroll it: the page
  // as docs/serve.png shows it.
  await page.evaluate((rule) => {
    const editor = document.getElementById('grammar');
    const at = editor.value.indexOf(rule);
    editor.setSelectionRange(at, at);
    editor.scrollTop = editor.value.slice(0, at).split('\n').length * 16.2 - 120;
  }, SCHEME_WITH_UNDERSCORE);
  await page.screenshot({ path: path.join(artefacts, 'serve.png') });

  // Back to the grammar the page started from: rejected again.
  await page.click('#reset');
  await statusIs(page, 'invalid');

  // A grammar error made while the results are scrolled down to the batch
  // box comes into view all the same.
  await page.evaluate(() => { document.getElementById('results').scrollTop = 1e6; });
  assert.ok(await page.evaluate(() => document.getElementById('results').scrollTop) > 0, 'the results scroll');
  await page.fill('#grammar', grammar.replace('port = @{ DIGIT* }', 'port = @{ DIGIT* '));
  await statusIs(page, 'grammar-error');
  await inView(page, '#grammar-errors-box');
  assert.match(await page.textContent('#grammar-errors'), /line \d+, column \d+/);
  await page.context().close();
});

/** Asserts that the element `selector` is shown whole within the window. */
async function inView(page, selector) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= VIEWPORT.height, `${selector} out of view: ${JSON.stringify(box)}`);
}

test('a rejected input gets its trace, partial tree and farthest failure', { timeout: 60000 }, async () => {
  const page = await newPage();
  await open(page);
  await page.fill('#uri', 'http://a b/');
  await statusIs(page, 'invalid');
  assert.equal(await page.textContent('#chain'), 'in reg-name ← host ← authority ← hier-part ← URI ← URI-reference');
  // The partial tree: what the parse had built when it got farthest.
  assert.match(await page.textContent('#tree-title'), /partial tree/);
  assert.match(await page.textContent('#tree'), /authority 7\.\.8 "a"/);
  // Every rule attempt, nested and collapsible, and the farthest failure.
  assert.ok(await page.locator('#trace-section').evaluate((d) => d.open));
  assert.match(await page.textContent('#trace-count'), /\(\d+ rule attempts\)/);
  assert.match(await page.textContent('#failure'), /at byte 8 \(" "\), expected:/);
  assert.match(await page.textContent('#failure'), /'\/' in path-abempty ← hier-part ← URI ← URI-reference/);
  const attempts = await page.locator('#trace [data-rule]').count();
  assert.ok(attempts > 20, `${attempts} attempts shown`);
  // Hovering an attempt marks its span; a failed one marks where it failed.
  await page.hover('#trace [data-rule="authority"]');
  assert.equal(await marked(page), 'a');
  await page.hover('#trace .attempt.failed[data-rule="pct_encoded"]');
  assert.equal(await marked(page), '');
  assert.equal(await page.evaluate(() => document.getElementById('uri-backdrop').firstChild.textContent), 'http://a');
  await page.hover('#tree [data-rule="host"]');
  assert.equal(await marked(page), 'a');
  // Collapsed and expanded.
  await page.click('#trace-collapse');
  assert.equal(await page.locator('#trace details[open]').count(), 0);
  await page.click('#trace-expand');
  assert.ok(await page.locator('#trace details[open]').count() > 0);
  await page.screenshot({ path: path.join(artefacts, 'serve-trace.png') });

  // An edited grammar's rejected input is traced too, with its own rules:
  // `_` allowed in a scheme, the space still refused in the host.
  const grammar = await page.inputValue('#grammar');
  await page.fill('#grammar', grammar.replace(SCHEME, SCHEME_WITH_UNDERSCORE));
  await page.fill('#uri', 'a_b://h st/');
  await page.waitForFunction(() => document.getElementById('grammar-state').textContent === 'edited');
  await statusIs(page, 'invalid');
  assert.equal(await page.textContent('#chain'), 'in reg-name ← host ← authority ← hier-part ← URI ← URI-reference');
  assert.match(await page.textContent('#tree'), /scheme 0\.\.3 "a_b"/);
  assert.match(await page.textContent('#failure'), /at byte 7 \(" "\), expected:/);
  await page.hover('#trace [data-rule="scheme"]');
  assert.equal(await marked(page), 'a_b');
  await page.context().close();
});

test('the selector has the IRI and zone identifier rules, grouped', { timeout: 60000 }, async () => {
  const page = await newPage();
  await open(page);
  const groups = await page.$$eval('#rule optgroup', (all) => all.map((g) => [g.label, g.children.length]));
  assert.deepEqual(groups.map(([label]) => label), [
    'RFC 3986 URIs (uri.pest)',
    'RFC 3987 IRIs (iri.pest)',
    'RFC 6874 zone identifiers (rfc6874.pest)',
  ]);
  assert.ok(groups.every(([, count]) => count > 10), JSON.stringify(groups));
  await page.selectOption('#rule', 'IRI_reference');
  await page.fill('#uri', 'http://例え.jp/straße');
  await statusIs(page, 'valid');
  await page.waitForFunction(() => document.querySelector('td[data-component="host"]')?.textContent === '例え.jp');
  assert.match(await page.textContent('#diagram'), /http:\/\/例え\.jp\/straße/);
  await page.selectOption('#rule', 'URI_reference_6874');
  await page.fill('#uri', 'http://[fe80::1%25en0]:8080/');
  await statusIs(page, 'valid');
  await page.waitForFunction(() => document.querySelector('td[data-component="host"]')?.textContent === '[fe80::1%25en0]');
  await page.selectOption('#rule', 'URI_reference');
  await statusIs(page, 'invalid');
  await page.context().close();
});

/** Edits the scheme rule, sets the input and the rule, and shares: the link copied. */
async function shareExperiment(page) {
  await open(page);
  const grammar = await page.inputValue('#grammar');
  await page.fill('#grammar', grammar.replace(SCHEME, SCHEME_WITH_UNDERSCORE));
  await page.selectOption('#rule', 'URI');
  await page.fill('#uri', 'x_y:shared');
  await statusIs(page, 'valid');
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-note').textContent.startsWith('link copied'));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('#share-link'));
  return link;
}

/** Opens `link` in a new browser context (no storage) and checks the experiment. */
async function opensTheExperiment(link) {
  const page = await newPage();
  await open(page, link);
  await statusIs(page, 'valid');
  assert.ok((await page.inputValue('#grammar')).includes(SCHEME_WITH_UNDERSCORE));
  assert.equal(await page.inputValue('#uri'), 'x_y:shared');
  assert.equal(await page.inputValue('#rule'), 'URI');
  assert.equal(await page.textContent('#grammar-state'), 'edited');
  await page.context().close();
}

test('the share link opens the same grammar, input and rule elsewhere', { timeout: 60000 }, async () => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  // Compressed: the grammar is long.
  const page = await newPage(clipboard);
  const link = await shareExperiment(page);
  assert.ok(link.startsWith(`${address}#z=`), link.slice(0, 80));
  assert.ok(link.length < 12000, `${link.length} characters`);
  await page.context().close();
  await opensTheExperiment(link);

  // Without CompressionStream, the plain form.
  const plain = await newPage(clipboard);
  await plain.addInitScript(() => { delete window.CompressionStream; });
  const plainLink = await shareExperiment(plain);
  assert.ok(plainLink.startsWith(`${address}#i=x_y%3Ashared&r=URI&g=`), plainLink.slice(0, 80));
  await plain.context().close();
  await opensTheExperiment(plainLink);
});

test('a reload, and a new tab, keep the edits', { timeout: 60000 }, async () => {
  const page = await newPage();
  await open(page);
  const grammar = await page.inputValue('#grammar');
  await page.fill('#grammar', grammar.replace(SCHEME, SCHEME_WITH_UNDERSCORE));
  await page.fill('#uri', 'k_eep:me');
  await statusIs(page, 'valid');
  await remembered(page, 'k_eep:me');
  await page.reload();
  await ready(page);
  await statusIs(page, 'valid');
  assert.ok((await page.inputValue('#grammar')).includes(SCHEME_WITH_UNDERSCORE));
  assert.equal(await page.inputValue('#uri'), 'k_eep:me');
  // The page's address alone, in another tab: from the browser's storage.
  const tab = await page.context().newPage();
  tab.on('pageerror', (error) => pageErrors.push(String(error)));
  await open(tab);
  await statusIs(tab, 'valid');
  assert.ok((await tab.inputValue('#grammar')).includes(SCHEME_WITH_UNDERSCORE));
  assert.equal(await tab.inputValue('#uri'), 'k_eep:me');
  await page.context().close();
});

test('the batch box runs grammar diff against the stock grammar', { timeout: 60000 }, async () => {
  const page = await newPage();
  await open(page);
  const grammar = await page.inputValue('#grammar');
  await page.fill('#grammar', grammar.replace(SCHEME, SCHEME_WITH_UNDERSCORE));
  await page.fill('#batch', 'a_b:c\nhttp://example.com/\nfoo_bar://h/x\nnot valid');
  await page.click('#batch-run');
  await page.waitForFunction(() => !document.getElementById('batch-summary').hidden, null, { timeout: 20000 });
  const summary = await page.textContent('#batch-summary');
  assert.match(summary, /^4 inputs, 2 differ \(rule URI_reference; old uri\.pest \(built in\)/);
  assert.match(summary, /became valid:\s+2/);
  const rows = await page.$$eval('#batch-records tbody tr', (all) => all.map((row) => [...row.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.map((row) => row.slice(0, 3)), [
    ['1', 'a_b:c', 'became-valid'],
    ['3', 'foo_bar://h/x', 'became-valid'],
  ]);
  assert.match(rows[0][3], /^invalid at byte 3: /);
  assert.equal(rows[0][4], 'valid');
  await page.context().close();
});

test('a link whose text is markup shows it as text', { timeout: 60000 }, async () => {
  const page = await newPage();
  const markup = '<img src=x onerror="window.pwned=1">';
  await open(page, `${address}#${new URLSearchParams({ i: markup, r: '<b>rule</b>' })}`);
  await statusIs(page, 'invalid');
  assert.equal(await page.inputValue('#uri'), markup);
  assert.equal(await page.inputValue('#rule'), '<b>rule</b>');
  assert.equal(await page.locator('body img, body b:not(.rule)').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.context().close();
  // A corrupt compressed link is refused with a note, not run.
  const corrupt = await newPage();
  await open(corrupt, `${address}#z=not-deflate`);
  assert.match(await corrupt.textContent('#notes'), /could not be read: the link is not deflated text/);
  await corrupt.context().close();
});

test('serve --grammar FILE --override FILE starts from that grammar', { timeout: 60000 }, async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'peguri-e2e-'));
  const override = path.join(dir, 'scheme.pest');
  await writeFile(override, `${SCHEME_WITH_UNDERSCORE}\n`);
  const uriPest = path.join(root, 'uri.pest');
  const started = await startServer(['--grammar', uriPest, '--override', override]);
  const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  await open(page, started);
  assert.equal(await page.textContent('#grammar-state'), `${uriPest} with ${override}`);
  assert.ok((await page.inputValue('#grammar')).includes(SCHEME_WITH_UNDERSCORE));
  // The selector: the rules under the name of the file they come from.
  const groups = await page.$$eval('#rule optgroup', (all) => all.map((g) => [g.label, g.children.length]));
  assert.deepEqual(groups.map(([label]) => label), [uriPest, override]);
  assert.ok(groups[0][1] > 30, JSON.stringify(groups));
  assert.deepEqual(await page.$$eval('#rule optgroup:last-child option', (all) => all.map((o) => o.value)), ['scheme']);
  assert.equal(await page.inputValue('#rule'), 'URI_reference');
  await page.fill('#uri', 'a_b:c');
  await statusIs(page, 'valid');
  // Its link opens the same experiment in a `peguri serve` started from
  // the built-in grammar.
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-note').textContent.startsWith('link copied'));
  const link = await page.inputValue('#share-link');
  await page.context().close();
  const elsewhere = await newPage();
  await open(elsewhere, link.replace(started, address));
  await statusIs(elsewhere, 'valid');
  assert.equal(await elsewhere.inputValue('#uri'), 'a_b:c');
  assert.equal(await elsewhere.textContent('#grammar-state'), 'edited');
  assert.ok((await elsewhere.inputValue('#grammar')).includes(SCHEME_WITH_UNDERSCORE));
  await elsewhere.context().close();

  // A grammar of other rules starts from its first rule.
  const other = path.join(dir, 'ab.pest');
  await writeFile(other, 'a = { "x" ~ b }\nb = { "y" }\n');
  const page2 = await newPage();
  await open(page2, await startServer(['--grammar', other]));
  assert.equal(await page2.inputValue('#rule'), 'a');
  assert.deepEqual(await page2.$$eval('#rule option', (all) => all.map((o) => o.value)), ['a', 'b']);
  await page2.fill('#uri', 'xy');
  await statusIs(page2, 'valid');
  assert.match(await page2.textContent('#tree'), /^a 0\.\.2 "xy"b 1\.\.2 "y"$/);
  await page2.context().close();
  await rm(dir, { recursive: true, force: true });
});
