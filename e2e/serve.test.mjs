// End-to-end test of `peguri serve` in a real browser: Debian's chromium,
// driven headless by playwright-core. It starts the server on a free
// loopback port, types a URI and checks the host shown, edits the grammar
// so that `_` is allowed in a scheme and checks that `a_b:c` then parses,
// and saves screenshots under target/e2e/.
//
// Run from .ci/run, or by hand after `cargo build --features serve`:
//   cd e2e && npm ci && npm test
// PEGURI_BIN, CHROMIUM and PEGURI_E2E_ARTEFACTS override the paths.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
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

let server;
let address;
let browser;

/** Starts `peguri serve --port 0` and resolves with the address it prints. */
function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    const timer = setTimeout(() => reject(new Error('peguri serve printed no address')), 20000);
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = printed.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) {
        clearTimeout(timer);
        resolve({ child, address: found[0] });
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`peguri serve exited (${code})`)));
  });
}

before(async () => {
  await mkdir(artefacts, { recursive: true });
  ({ child: server, address } = await startServer());
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** Waits until the status badge says `state`. */
async function statusIs(page, state) {
  await page.waitForFunction(
    (wanted) => document.getElementById('status').dataset.state === wanted,
    state,
    { timeout: 15000 },
  );
}

test('the playground shows components, diagram and tree, and runs an edited grammar', { timeout: 90000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const requests = [];
  const pageErrors = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(String(error)));

  await page.goto(address);
  await page.waitForFunction(() => document.getElementById('grammar').value.includes('URI_reference'));

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
  await page.screenshot({ path: path.join(artefacts, 'serve.png') });

  // The RFC's grammar rejects `_` in a scheme, with the caret.
  await page.fill('#uri', 'a_b:c');
  await statusIs(page, 'invalid');
  assert.match(await page.textContent('#error'), /a_b:c\n\s+\^/);

  // A grammar error is shown with its position.
  const grammar = await page.inputValue('#grammar');
  await page.fill('#grammar', grammar.replace('scheme = @{', 'scheme = @{ ~'));
  await statusIs(page, 'grammar-error');
  assert.match(await page.textContent('#grammar-errors'), /line \d+, column \d+/);

  // Allow `_` in a scheme: now `a_b:c` parses, and the tree shows it.
  const scheme = 'scheme = @{ ALPHA ~ (ALPHA | DIGIT | "+" | "-" | ".")* }';
  assert.ok(grammar.includes(scheme), 'uri.pest has the scheme rule this test edits');
  await page.fill('#grammar', grammar.replace(scheme, scheme.replace('".")*', '"." | "_")*')));
  await statusIs(page, 'valid');
  assert.equal(await page.textContent('#grammar-state'), 'edited');
  assert.match(await page.textContent('#tree'), /scheme 0\.\.3 "a_b"/);
  await page.screenshot({ path: path.join(artefacts, 'serve-edited-grammar.png') });

  // Back to uri.pest: rejected again.
  await page.click('#reset');
  await statusIs(page, 'invalid');

  // Nothing was loaded from anywhere else, and no script failed.
  const elsewhere = requests.filter((url) => !url.startsWith(address));
  assert.deepEqual(elsewhere, []);
  assert.deepEqual(pageErrors, []);
  await page.close();
});
