// An experiment (grammar, input, rule) in the page's address and in the
// browser's storage. The address's fragment never reaches a server: a
// link holds the whole experiment. Everything read back is data only: it
// goes into form fields and into the JSON sent to the server, never into
// the page's markup.
'use strict';

// A fragment longer than this is compressed, where the browser can.
const COMPRESS_OVER = 1000;
// The most a compressed fragment may expand to: a grammar is at most
// 64 KB, so anything much larger is not a link this page made.
const MAX_EXPANDED_BYTES = 1 << 20;
const STORAGE_PREFIX = 'peguri-playground:';

/** A short fingerprint of `text` (its length and FNV-1a hash). */
export function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}-${hash.toString(16)}`;
}

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates `bytes`, refusing more than MAX_EXPANDED_BYTES of output. */
async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_EXPANDED_BYTES) {
      await reader.cancel();
      throw new Error('the link expands to more than a grammar can be');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
}

/**
 * The fragment (without `#`) for `state` ({input, rule, grammar}):
 * `i=…&r=…&g=…`, the grammar left out when it is `builtIn`; compressed
 * (`z=` and deflate in base64url) when long and the browser can.
 */
export async function toFragment(state, builtIn) {
  const plain = new URLSearchParams({ i: state.input, r: state.rule });
  if (state.grammar !== builtIn) plain.set('g', state.grammar);
  const text = plain.toString();
  if (text.length <= COMPRESS_OVER || typeof CompressionStream !== 'function') return text;
  return `z=${toBase64Url(await deflate(text))}`;
}

/**
 * The state a fragment holds, or null for a fragment without one; the
 * grammar is `builtIn` where the link has none, the rule null where it has
 * none (the page's first rule then). Throws with a message for a fragment
 * that cannot be read.
 */
export async function fromFragment(hash, builtIn) {
  let fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return null;
  let params = new URLSearchParams(fragment);
  if (params.has('z')) {
    if (typeof DecompressionStream !== 'function') {
      throw new Error('this browser cannot read a compressed link (it has no DecompressionStream)');
    }
    let bytes;
    try {
      bytes = fromBase64Url(params.get('z'));
    } catch {
      throw new Error('the link is not base64url');
    }
    try {
      fragment = await inflate(bytes);
    } catch (e) {
      throw new Error(e.message.startsWith('the link') ? e.message : 'the link is not deflated text');
    }
    params = new URLSearchParams(fragment);
  }
  if (!params.has('i') && !params.has('r') && !params.has('g')) return null;
  return {
    input: params.get('i') ?? '',
    rule: params.get('r') || null,
    grammar: params.get('g') ?? builtIn,
  };
}

/**
 * The experiment stored for the page started from `start`, or null; its
 * rule is null if none was stored.
 */
export function load(start) {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + fingerprint(start)));
    if (!stored || typeof stored !== 'object') return null;
    const text = (value) => (typeof value === 'string' ? value : null);
    return {
      input: text(stored.input) ?? '',
      rule: text(stored.rule) || null,
      grammar: text(stored.grammar) ?? start,
      batch: text(stored.batch) ?? '',
    };
  } catch {
    return null;
  }
}

/** Stores the experiment for the page started from `start`. */
export function save(state, start) {
  const stored = {
    input: state.input,
    rule: state.rule,
    grammar: state.grammar === start ? null : state.grammar,
    batch: state.batch,
  };
  try {
    localStorage.setItem(STORAGE_PREFIX + fingerprint(start), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the address still holds the experiment.
  }
}
