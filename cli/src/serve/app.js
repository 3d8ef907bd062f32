// The playground page: sends the input, the rule and the grammar to the
// server on every change and shows what comes back. No dependencies; the
// server's Content-Security-Policy allows nothing from elsewhere.
'use strict';

const $ = (id) => document.getElementById(id);
const uriBox = $('uri');
const ruleBox = $('rule');
const grammarBox = $('grammar');

// The components table: field of `peguri parse`'s JSON and its label.
const FIELDS = [
  ['scheme', 'scheme'],
  ['userinfo', 'user information'],
  ['host', 'host'],
  ['host_kind', 'host kind'],
  ['port', 'port'],
  ['path', 'path'],
  ['query', 'query'],
  ['fragment', 'fragment'],
];

let builtInGrammar = null;
let latest = 0;
let inFlight = null;
let timer = null;

function setText(id, text, placeholder) {
  const element = $(id);
  element.textContent = text == null ? placeholder : text;
  element.classList.toggle('placeholder', text == null);
}

function setRules(rules) {
  if (!rules || rules.length === 0) return;
  const wanted = ruleBox.value || 'URI_reference';
  ruleBox.replaceChildren(...rules.map((name) => new Option(name, name)));
  // A rule the grammar no longer has stays selected, so the server says so.
  if (!rules.includes(wanted)) ruleBox.add(new Option(wanted, wanted));
  ruleBox.value = wanted;
}

function schedule(delay = 120) {
  clearTimeout(timer);
  timer = setTimeout(ask, delay);
}

async function ask() {
  const id = ++latest;
  if (inFlight) inFlight.abort();
  inFlight = new AbortController();
  const edited = grammarBox.value !== builtInGrammar;
  $('grammar-state').textContent = edited ? 'edited' : 'uri.pest';
  $('grammar-state').classList.toggle('edited', edited);
  $('status').dataset.state = 'busy';
  $('status').textContent = '…';
  try {
    const response = await fetch('/api/parse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        input: uriBox.value,
        rule: ruleBox.value,
        grammar: edited ? grammarBox.value : null,
      }),
      signal: inFlight.signal,
    });
    const answer = await response.json();
    if (id !== latest) return;
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
  $('error').hidden = false;
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

  const error = $('error');
  error.hidden = !answer.error;
  error.textContent = answer.error ? answer.error.display : '';

  showGrammarErrors(answer.grammar_errors);

  const notes = $('notes');
  notes.replaceChildren(...answer.notes.map((note) => {
    const item = document.createElement('li');
    item.textContent = note;
    return item;
  }));
  notes.hidden = answer.notes.length === 0;

  setText('diagram', answer.diagram, '—');
  showComponents(answer.report);
  showTree(answer.tree, answer.tree_truncated);
}

function showGrammarErrors(errors) {
  const list = $('grammar-errors');
  list.replaceChildren(...errors.map((e) => {
    const item = document.createElement('li');
    const jump = document.createElement('button');
    jump.type = 'button';
    jump.textContent = e.line ? `line ${e.line}, column ${e.column}` : 'grammar';
    jump.addEventListener('click', () => selectPosition(e.line, e.column));
    const display = document.createElement('pre');
    display.textContent = e.display;
    item.append(jump, ' ', e.message, display);
    return item;
  }));
  list.hidden = errors.length === 0;
}

// Puts the grammar editor's cursor at a 1-based line and column.
function selectPosition(line, column) {
  if (!line) return;
  const lines = grammarBox.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  grammarBox.focus();
  grammarBox.setSelectionRange(offset, offset + 1);
}

function showComponents(report) {
  $('components-json').textContent = JSON.stringify(report, null, 2);
  const body = $('components').tBodies[0];
  if (!report || !report.valid) {
    body.replaceChildren();
    $('components').hidden = true;
    return;
  }
  $('components').hidden = false;
  const authority = report.authority || {};
  body.replaceChildren(...FIELDS.map(([field, label]) => {
    const inAuthority = ['userinfo', 'host', 'host_kind', 'port'].includes(field);
    const value = inAuthority ? (report.authority ? authority[field] : null) : report[field];
    const row = document.createElement('tr');
    const name = document.createElement('th');
    name.textContent = label;
    const cell = document.createElement('td');
    cell.dataset.component = field;
    if (value === null || value === undefined) {
      cell.textContent = 'absent';
      cell.className = 'absent';
    } else if (value === '') {
      cell.textContent = 'empty';
      cell.className = 'empty';
    } else {
      cell.textContent = value;
    }
    row.append(name, cell);
    return row;
  }));
}

function showTree(nodes, truncated) {
  if (!nodes) {
    setText('tree', null, '—');
    return;
  }
  const lines = nodes.map((n) => {
    const text = JSON.stringify(n.text) + (n.text_cut ? '…' : '');
    return `${'  '.repeat(n.depth)}${n.rule} ${n.start}..${n.end} ${text}`;
  });
  if (truncated) lines.push(`… (the first ${nodes.length} nodes)`);
  setText('tree', lines.join('\n'), '—');
}

grammarBox.addEventListener('keydown', (event) => {
  // Tab indents instead of leaving the editor.
  if (event.key !== 'Tab' || event.shiftKey) return;
  event.preventDefault();
  const { selectionStart: start, selectionEnd: end, value } = grammarBox;
  grammarBox.value = value.slice(0, start) + '    ' + value.slice(end);
  grammarBox.setSelectionRange(start + 4, start + 4);
  schedule();
});
uriBox.addEventListener('input', () => schedule());
ruleBox.addEventListener('change', () => schedule(0));
grammarBox.addEventListener('input', () => schedule(250));
$('reset').addEventListener('click', () => {
  grammarBox.value = builtInGrammar;
  schedule(0);
});

(async function start() {
  const response = await fetch('/api/grammar');
  const data = await response.json();
  builtInGrammar = data.grammar;
  grammarBox.value = data.grammar;
  setRules(data.rules);
  schedule(0);
})();
