// What the page draws from the server's answers: the tree, the trace, the
// farthest failure, the components, the batch's differences. Every text
// from the input, the grammar or the server goes in as textContent.
'use strict';

/** An element with a class and children (strings become text). */
export function element(tag, className, ...children) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...children);
  return made;
}

/** The UTF-16 index in `text` of the UTF-8 byte offset `byte`. */
export function byteToIndex(text, byte) {
  let bytes = 0;
  let index = 0;
  for (const c of text) {
    if (bytes >= byte) break;
    const code = c.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    index += c.length;
  }
  return index;
}

/** `text` between two byte offsets. */
export function slice(text, start, end) {
  return text.slice(byteToIndex(text, start), byteToIndex(text, end));
}

/** A rule name as the RFC spells it: `reg_name` is `reg-name`. */
export function rfcName(rule) {
  return rule.replace(/_/g, '-');
}

/**
 * A line of a tree or a trace, carrying its byte span (`data-start`,
 * `data-end`; no end for a failed attempt) for hover highlighting.
 */
function spanLine(className, rule, start, end, text) {
  const line = element('span', className);
  line.dataset.rule = rule;
  line.dataset.start = String(start);
  if (end !== null) line.dataset.end = String(end);
  line.append(element('b', 'rule', rule), ' ', text);
  return line;
}

/** A node's span and text: `12..23 "example.com"`. */
function spanText(node) {
  return `${node.start}..${node.end} ${JSON.stringify(node.text)}${node.text_cut ? '…' : ''}`;
}

/**
 * Draws a tree (nodes in preorder with their depth), each node a line
 * indented by its depth; a rule still open in a partial tree is marked.
 */
export function showTree(container, nodes, truncated) {
  container.classList.remove('placeholder');
  if (!nodes) {
    container.classList.add('placeholder');
    container.replaceChildren('—');
    return;
  }
  const lines = nodes.map((node) => {
    const open = node.complete === false;
    const line = spanLine(open ? 'node open' : 'node', node.rule, node.start, node.end,
      spanText(node) + (open ? ' (open)' : ''));
    line.style.paddingLeft = `${node.depth * 2}ch`;
    return line;
  });
  if (truncated) lines.push(element('span', 'node more', `… (the first ${nodes.length} nodes)`));
  container.replaceChildren(...lines);
}

// A trace of up to this many attempts is drawn open; a longer one is open
// down to OPEN_DEPTH.
const OPEN_ALL = 400;
const OPEN_DEPTH = 3;

/**
 * Draws a trace's attempts, nested by depth: an attempt with attempts
 * inside it is a collapsible block.
 */
export function showAttempts(container, attempts, input) {
  const openDepth = attempts.length <= OPEN_ALL ? Infinity : OPEN_DEPTH;
  container.classList.remove('placeholder');
  const stack = [{ depth: -1, body: container }];
  container.replaceChildren();
  attempts.forEach((attempt, i) => {
    while (stack[stack.length - 1].depth >= attempt.depth) stack.pop();
    const matched = attempt.end !== null;
    const look = attempt.in_lookahead ? ' (in a lookahead)' : '';
    const text = matched
      ? `${attempt.start}..${attempt.end} ${JSON.stringify(slice(input, attempt.start, attempt.end))}${look}`
      : `at ${attempt.start}: failed${look}`;
    const line = spanLine(matched ? 'attempt matched' : 'attempt failed', attempt.rule,
      attempt.start, attempt.end, text);
    const parent = stack[stack.length - 1].body;
    const next = attempts[i + 1];
    if (next && next.depth > attempt.depth) {
      const body = element('div', 'children');
      const block = element('details', 'attempts', element('summary', '', line), body);
      block.open = attempt.depth < openDepth;
      parent.append(block);
      stack.push({ depth: attempt.depth, body });
    } else {
      parent.append(element('div', 'leaf', line));
    }
  });
}

/** `a, b or c`. */
function orList(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * Draws the farthest failure: where, what was there, and what was
 * expected, grouped by the rules it was tried in (as `tree --trace`
 * prints it).
 */
export function showFailure(container, failure, input, rule) {
  if (!failure) {
    container.hidden = true;
    container.replaceChildren();
    return;
  }
  const at = byteToIndex(input, failure.offset);
  const found = at < input.length ? JSON.stringify(String.fromCodePoint(input.codePointAt(at))) : 'the end of the input';
  const groups = [];
  for (const expectation of failure.expected) {
    const key = expectation.chain.join(' ');
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, chain: expectation.chain, words: [] };
      groups.push(group);
    }
    if (!group.words.includes(expectation.words)) group.words.push(expectation.words);
  }
  const items = groups.map((group) => {
    const place = group.chain.length === 0
      ? `after ${rfcName(rule)}`
      : `in ${group.chain.map(rfcName).join(' ← ')}`;
    return element('li', '', element('span', 'expected', orList(group.words)), ' ', place);
  });
  const line = spanLine('failure-at', 'farthest failure', failure.offset, failure.offset,
    `at byte ${failure.offset} (${found}), expected:`);
  container.replaceChildren(line, element('ul', '', ...items));
  container.hidden = false;
}

// The components table: field of `peguri parse`'s JSON and its label.
const FIELDS = [
  ['scheme', 'scheme'],
  ['userinfo', 'user information'],
  ['host', 'host'],
  ['host_kind', 'host kind'],
  ['port', 'port'],
  ['path', 'path'],
  ['path_rule', 'path rule'],
  ['query', 'query'],
  ['fragment', 'fragment'],
];
const IN_AUTHORITY = ['userinfo', 'host', 'host_kind', 'port'];

/**
 * Fills the components table from `peguri parse`'s components, or from
 * those derived from an edited grammar's tree (which have `path_rule`,
 * and `not_in_grammar` for what the grammar has no rule for).
 */
export function showComponents(table, components) {
  const body = table.tBodies[0];
  if (!components || !components.valid) {
    body.replaceChildren();
    table.hidden = true;
    return;
  }
  table.hidden = false;
  const missing = components.not_in_grammar || [];
  const rows = FIELDS.filter(([field]) => field in components || IN_AUTHORITY.includes(field))
    .map(([field, label]) => {
      const inAuthority = IN_AUTHORITY.includes(field);
      const value = inAuthority ? (components.authority ? components.authority[field] : null) : components[field];
      const cell = element('td', '');
      cell.dataset.component = field;
      if (missing.includes(field)) {
        cell.textContent = 'not in this grammar';
        cell.className = 'absent';
      } else if (value === null || value === undefined) {
        cell.textContent = 'absent';
        cell.className = 'absent';
      } else if (value === '') {
        cell.textContent = 'empty';
        cell.className = 'empty';
      } else {
        cell.textContent = value;
      }
      return element('tr', '', element('th', '', label), cell);
    });
  body.replaceChildren(...rows);
}

/** One side of a batch record in a few words. */
function outcomeWords(outcome, fields) {
  if (outcome.valid === true) {
    if (fields.length === 0) return 'valid';
    const shown = fields.map((f) => {
      const value = outcome.components[f];
      return `${f} ${value === null || value === undefined ? 'absent' : JSON.stringify(value)}`;
    });
    return `valid: ${shown.join(', ')}`;
  }
  if (outcome.valid === false) {
    const chain = outcome.error.chain ? ` (in ${outcome.error.chain.map(rfcName).join(' ← ')})` : '';
    return `invalid at byte ${outcome.error.offset}: ${outcome.error.message}${chain}`;
  }
  return outcome.message;
}

/** Fills the batch's table with its differing lines. */
export function showBatchRecords(table, records) {
  const rows = records.map((record) => {
    const input = element('td', 'input', record.input);
    return element('tr', '',
      element('td', 'line', String(record.line)),
      input,
      element('td', 'change', record.change),
      element('td', '', outcomeWords(record.old, record.fields)),
      element('td', '', outcomeWords(record.new, record.fields)));
  });
  table.tBodies[0].replaceChildren(...rows);
  table.hidden = records.length === 0;
}
