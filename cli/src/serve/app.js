// The playground page: sends the input, the rule and the grammar to the
// server on every change and shows what comes back; keeps them in the
// address and in the browser's storage (state.js). No dependencies; the
// server's Content-Security-Policy allows nothing from elsewhere.
'use strict';

import * as state from './state.js';
import {
  byteToIndex, element, showAttempts, showBatchRecords, showComponents, showFailure, showTree,
} from './views.js';

const $ = (id) => document.getElementById(id);
const uriBox = $('uri');
const ruleBox = $('rule');
const grammarBox = $('grammar');
const batchBox = $('batch');

// From the server: the grammar the page starts from, the built-in one,
// and the selector's groups.
let start = null;
let builtIn = null;
let groups = [];
let latest = 0;
let inFlight = null;
let timer = null;
// The input as the latest answer read it (spans are byte offsets in it).
let answeredInput = '';
// Why the address's experiment could not be read, if it could not.
let linkProblem = null;

function setText(id, text, placeholder) {
  const shown = $(id);
  shown.textContent = text == null ? placeholder : text;
  shown.classList.toggle('placeholder', text == null);
}

/** The current experiment. */
function current() {
  return { input: uriBox.value, rule: ruleBox.value, grammar: grammarBox.value, batch: batchBox.value };
}

/**
 * Fills the selector: the start grammar's groups (uri.pest, iri.pest,
 * rfc6874.pest), each with the rules `rules` still has, then the rules
 * the editor added; `wanted` selected.
 */
function setRules(rules, wanted = ruleBox.value) {
  if (!rules || rules.length === 0) return;
  const option = (name) => new Option(name, name);
  const listed = new Set();
  const children = [];
  for (const group of groups) {
    const present = group.rules.filter((name) => rules.includes(name));
    if (present.length === 0) continue;
    present.forEach((name) => listed.add(name));
    const optgroup = document.createElement('optgroup');
    optgroup.label = group.title;
    optgroup.append(...present.map(option));
    children.push(optgroup);
  }
  const added = rules.filter((name) => !listed.has(name));
  if (added.length > 0) {
    const optgroup = document.createElement('optgroup');
    optgroup.label = 'added in the editor';
    optgroup.append(...added.map(option));
    children.push(optgroup);
  }
  // A rule the grammar no longer has stays selected, so the server says so.
  if (!rules.includes(wanted)) children.push(option(wanted));
  ruleBox.replaceChildren(...children);
  ruleBox.value = wanted;
}

function schedule(delay = 120) {
  // A link shared before the change no longer holds the experiment.
  $('share-box').hidden = true;
  clearTimeout(timer);
  timer = setTimeout(ask, delay);
}

/** The grammar to send: null for the built-in one. */
function grammarToSend() {
  return grammarBox.value === builtIn ? null : grammarBox.value;
}

/** Keeps the experiment in the address and in storage. */
async function remember() {
  const now = current();
  state.save(now, start.grammar);
  const fragment = await state.toFragment(now, builtIn);
  history.replaceState(null, '', `#${fragment}`);
  return fragment;
}

async function ask() {
  const id = ++latest;
  if (inFlight) inFlight.abort();
  inFlight = new AbortController();
  const edited = grammarBox.value !== start.grammar;
  $('grammar-state').textContent = edited ? 'edited' : start.name;
  $('grammar-state').classList.toggle('edited', edited);
  $('status').dataset.state = 'busy';
  $('status').textContent = '…';
  remember().catch((e) => {
    linkProblem = `The experiment could not be kept in the address: ${e.message}.`;
  });
  try {
    const input = uriBox.value;
    const response = await fetch('/api/parse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        input,
        rule: ruleBox.value,
        grammar: grammarToSend(),
        trace: $('trace-valid').checked,
      }),
      signal: inFlight.signal,
    });
    const answer = await response.json();
    if (id !== latest) return;
    answeredInput = input;
    if (response.ok) show(answer);
    else refused(answer.error);
  } catch (e) {
    if (e.name !== 'AbortError' && id === latest) refused({ message: String(e) });
  }
}

function refused(error) {
  $('status').dataset.state = 'refused';
  $('status').textContent = 'refused';
  const message = error && error.message ? error.message : 'the server refused the request';
  $('error').textContent = message;
  $('chain').hidden = true;
  $('error-box').hidden = false;
}

function show(answer) {
  setRules(answer.rules);
  const status = $('status');
  if (answer.grammar_errors.length > 0) {
    status.dataset.state = 'grammar-error';
    status.textContent = 'grammar error';
  } else {
    status.dataset.state = answer.valid ? 'valid' : 'invalid';
    status.textContent = answer.valid ? 'valid' : 'invalid';
  }
  status.title = answer.rule;

  showGrammarErrors(answer.grammar_errors);
  const error = answer.error;
  $('error-box').hidden = !error;
  $('error').textContent = error ? error.display : '';
  $('chain').hidden = !(error && error.chain_text);
  $('chain').textContent = error && error.chain_text ? `in ${error.chain_text}` : '';

  const notes = $('notes');
  const said = (linkProblem ? [linkProblem] : []).concat(answer.notes);
  notes.replaceChildren(...said.map((note) => element('li', '', note)));
  notes.hidden = said.length === 0;

  setText('diagram', answer.diagram, '—');
  const components = answer.report || answer.components;
  showComponents($('components'), components);
  const derived = !answer.report && answer.components;
  $('components-source').textContent = derived ? '(derived from the grammar\'s tree, as grammar diff does)' : '';
  $('components-json-note').hidden = Boolean(derived);
  $('components-json').textContent = JSON.stringify(components, null, 2);
  showTrace(answer);
}

/** The tree, or for a rejected input the partial tree and the trace. */
function showTrace(answer) {
  const trace = answer.trace;
  const partial = trace && !answer.valid && trace.partial_tree;
  $('tree-title').textContent = partial ? 'partial tree (where the parse got; rules still open marked)' : 'parse tree';
  if (partial) showTree($('tree'), trace.partial_tree, trace.partial_tree_truncated);
  else showTree($('tree'), answer.tree, answer.tree_truncated);
  const section = $('trace-section');
  if (!trace) {
    $('trace-count').textContent = '';
    showFailure($('failure'), null);
    $('trace').replaceChildren('the trace of a rejected input shows here');
    $('trace').classList.add('placeholder');
    return;
  }
  const shown = trace.attempts.length;
  $('trace-count').textContent = shown < trace.attempts_total
    ? `(${trace.attempts_total} rule attempts, the first ${shown} shown)`
    : `(${trace.attempts_total} rule attempts)`;
  showFailure($('failure'), trace.failure, answeredInput, answer.rule);
  showAttempts($('trace'), trace.attempts, answeredInput);
  if (trace.stopped) $('trace').append(element('p', 'stopped', trace.message));
  if (!answer.valid) section.open = true;
}

function showGrammarErrors(errors) {
  const list = $('grammar-errors');
  list.replaceChildren(...errors.map((e) => {
    const item = element('li', '');
    if (e.line) {
      const jump = element('button', 'jump', `line ${e.line}, column ${e.column}`);
      jump.type = 'button';
      jump.title = 'Put the editor\'s cursor there';
      jump.addEventListener('click', () => selectPosition(e.line, e.column));
      item.append(jump, ' ');
    }
    item.append(e.message, element('pre', '', e.display));
    return item;
  }));
  $('grammar-errors-box').hidden = errors.length === 0;
  // In view: the results start with them.
  if (errors.length > 0) $('results').scrollTop = 0;
}

// Puts the grammar editor's cursor at a 1-based line and column, and the
// line in view.
function selectPosition(line, column) {
  const lines = grammarBox.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  grammarBox.focus();
  grammarBox.setSelectionRange(offset, Math.min(offset + 1, grammarBox.value.length));
  const lineHeight = parseFloat(getComputedStyle(grammarBox).lineHeight) || 16;
  grammarBox.scrollTop = Math.max(0, (line - 1) * lineHeight - grammarBox.clientHeight / 3);
}

// Hovering a node of a tree or an attempt of the trace marks its span in
// the input, drawn behind the input field.
function highlight(startByte, endByte) {
  const backdrop = $('uri-backdrop');
  const text = answeredInput === uriBox.value ? uriBox.value : null;
  if (text === null || startByte === null) {
    backdrop.replaceChildren();
    return;
  }
  const from = byteToIndex(text, startByte);
  const to = endByte === null ? from : byteToIndex(text, endByte);
  const mark = element('mark', to === from ? 'empty' : '', text.slice(from, to));
  backdrop.replaceChildren(text.slice(0, from), mark, text.slice(to));
  // The span in view, and the backdrop scrolled as the field is.
  const left = mark.offsetLeft - backdrop.offsetLeft;
  if (left < uriBox.scrollLeft || left > uriBox.scrollLeft + uriBox.clientWidth - 20) {
    uriBox.scrollLeft = Math.max(0, left - 40);
  }
  backdrop.scrollLeft = uriBox.scrollLeft;
}

function onHover(container) {
  container.addEventListener('mouseover', (event) => {
    const line = event.target.closest('[data-start]');
    if (!line || !container.contains(line)) return;
    const end = line.dataset.end === undefined ? null : Number(line.dataset.end);
    highlight(Number(line.dataset.start), end);
  });
  container.addEventListener('mouseleave', () => highlight(null, null));
}

async function runBatch() {
  const status = $('batch-status');
  status.textContent = 'comparing…';
  $('batch-run').disabled = true;
  try {
    const response = await fetch('/api/diff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: batchBox.value, rule: ruleBox.value, grammar: grammarToSend() }),
    });
    const answer = await response.json();
    if (!response.ok) {
      status.textContent = answer.error ? answer.error.message : 'refused';
      $('batch-summary').hidden = true;
      showBatchRecords($('batch-records'), []);
      return;
    }
    const problems = answer.grammar_errors.map((e) => e.message).concat(answer.notes);
    status.textContent = problems.join(' ');
    $('batch-summary').hidden = answer.summary === null;
    $('batch-summary').textContent = answer.summary ?? '';
    showBatchRecords($('batch-records'), answer.records);
  } catch (e) {
    status.textContent = String(e);
  } finally {
    $('batch-run').disabled = false;
  }
}

async function share() {
  const link = `${location.origin}${location.pathname}#${await remember()}`;
  $('share-link').value = link;
  $('share-box').hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    $('share-note').textContent = `link copied (${link.length} characters)`;
  } catch {
    $('share-link').select();
    $('share-note').textContent = 'copy the link above';
  }
}

grammarBox.addEventListener('keydown', (event) => {
  // Tab indents instead of leaving the editor.
  if (event.key !== 'Tab' || event.shiftKey) return;
  event.preventDefault();
  const { selectionStart: from, selectionEnd: to, value } = grammarBox;
  grammarBox.value = value.slice(0, from) + '    ' + value.slice(to);
  grammarBox.setSelectionRange(from + 4, from + 4);
  schedule();
});
uriBox.addEventListener('input', () => {
  highlight(null, null);
  schedule();
});
uriBox.addEventListener('scroll', () => {
  $('uri-backdrop').scrollLeft = uriBox.scrollLeft;
});
ruleBox.addEventListener('change', () => schedule(0));
grammarBox.addEventListener('input', () => schedule(250));
batchBox.addEventListener('change', () => state.save(current(), start.grammar));
$('trace-valid').addEventListener('change', () => schedule(0));
$('reset').addEventListener('click', () => {
  grammarBox.value = start.grammar;
  schedule(0);
});
$('share').addEventListener('click', share);
$('batch-run').addEventListener('click', runBatch);
$('trace-expand').addEventListener('click', () => {
  for (const block of $('trace').querySelectorAll('details')) block.open = true;
});
$('trace-collapse').addEventListener('click', () => {
  for (const block of $('trace').querySelectorAll('details')) block.open = false;
});
onHover($('tree'));
onHover($('trace'));
onHover($('failure'));

(async function begin() {
  const response = await fetch('/api/grammar');
  start = await response.json();
  builtIn = start.built_in_grammar ?? start.grammar;
  groups = start.groups;
  let restored = null;
  try {
    restored = await state.fromFragment(location.hash, builtIn);
  } catch (e) {
    linkProblem = `The link's experiment could not be read: ${e.message}.`;
  }
  const stored = state.load(start.grammar);
  const experiment = restored ?? stored ?? { input: uriBox.value, rule: null, grammar: start.grammar };
  uriBox.value = experiment.input;
  grammarBox.value = experiment.grammar;
  batchBox.value = stored?.batch ?? '';
  // By default URI-reference, or the first rule of a grammar without it.
  const first = start.rules.includes('URI_reference') ? 'URI_reference' : start.rules[0];
  setRules(start.rules, experiment.rule ?? first ?? 'URI_reference');
  schedule(0);
})();
