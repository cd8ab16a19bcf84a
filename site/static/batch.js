// The /batch page: a spreadsheet's rows made into codes by batch.wasm, in
// a worker (batch-worker.js), as POST /api/v1/qr/batch makes items: a ZIP
// of PNG or SVG files with a manifest, or a PDF label sheet. Each row is
// checked as it is made, and a row in error is listed with its column and
// the API's fix while the others are made.
//
// The file stays in this page and its worker: no request carries it, and
// the page's address keeps only the choices (the kind, which column holds
// which field, the style and the output), never a cell. Nor does the logo
// leave the page: a link says only logo=chosen.

import { bind, fillEyes, fillFromGradient, isLogo, isRadio, logoURI, setValue, showShown, value, wireLogo, wireSwatches } from './controls.js';

const $ = (id) => document.getElementById(id);
const form = $('batch');
bind(form);
const kinds = JSON.parse($('kinds').textContent);
const styles = [...form.querySelectorAll('[data-style]')]; // the fill's own controls are read through fg
const layout = [...form.querySelectorAll('[data-sheet]')];
const grid = ['columns', 'rows', 'margin_x', 'margin_y', 'gap_x', 'gap_y'];
const statusLine = $('status');
const kindSelect = $('c-kind');

let text = ''; // the file: in this page and its worker, nowhere else
let inspected = null; // what the worker read of it: {header, rows, sep, guess, name}
let wanted = {}; // choices a link made before the file was opened: col.<field>, name, caption
let running = false;
let result = null; // {blob, name}
let total = 0;
let counts = {};
let startedAt = 0;
let logoWanted = false;

const say = (s) => {
  if (statusLine.textContent !== s) statusLine.textContent = s;
};
const output = () => form.querySelector('input[name="out"]:checked').value;
const kind = () => kinds.find((k) => k.name === kindSelect.value) || kinds[0];

// --- the worker --------------------------------------------------------------

let worker = startWorker();

function startWorker() {
  const w = new Worker('/batch-worker.js');
  w.onmessage = ({ data }) => {
    if (data.inspected) inspectedFile(data.inspected);
    else if (data.opened) opened(data.opened);
    else if (data.rows) madeRows(data.rows, data.done);
    else if (data.finished) finished(data.finished);
    else if ('cancelled' in data) cancelled(data.cancelled);
    else if (data.failed) failed(data.failed);
  };
  w.onerror = (ev) => failed(ev.message || 'the page’s program stopped');
  return w;
}

function failed(msg) {
  stop();
  say(`The codes could not be made: ${msg}`);
}

// --- the file -------------------------------------------------------------------

function inspect() {
  if (!text.trim()) {
    inspected = null;
    $('found').textContent = '';
    showError('file', '');
    buildColumns();
    return;
  }
  worker.postMessage({ inspect: text, kind: kindSelect.value });
}

function inspectedFile(r) {
  if (r.error) {
    inspected = null;
    $('found').textContent = '';
    showError('file', r.error);
    buildColumns();
    say(`The file cannot be used: ${r.error}`);
    return;
  }
  showError('file', '');
  inspected = r;
  const seps = { comma: 'commas', semicolon: 'semicolons', tab: 'tabs' };
  $('found').textContent = `${r.rows} row${r.rows === 1 ? '' : 's'} and ${r.header.length} column${r.header.length === 1 ? '' : 's'}, separated by ${seps[r.sep]}: ${r.header.join(', ')}.`;
  buildColumns();
  if (!running) say(`Ready to make ${r.rows} code${r.rows === 1 ? '' : 's'}.`);
}

$('c-file').addEventListener('change', async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  text = await file.text();
  $('c-text').value = '';
  inspect();
});
let pasteTimer = 0;
$('c-text').addEventListener('input', (ev) => {
  ev.stopPropagation();
  clearTimeout(pasteTimer);
  pasteTimer = setTimeout(() => {
    text = $('c-text').value;
    $('c-file').value = '';
    inspect();
  }, 250);
});

// --- the columns -------------------------------------------------------------------

// buildColumns offers, for each field of the kind, the file's columns, the
// one that names it chosen; and the columns for file names and captions.
function buildColumns() {
  const header = inspected?.header || [];
  const box = $('columns');
  const keep = {}; // choices made here before the kind or the file changed
  for (const sel of box.querySelectorAll('select')) keep[sel.dataset.col] = sel.value;
  box.replaceChildren();
  for (const f of kind().fields) {
    const div = document.createElement('div');
    div.className = 'control control-select';
    const id = `col-${f.name}`;
    const label = Object.assign(document.createElement('label'), { htmlFor: `c-${id}`, textContent: `${f.label} column` });
    if (f.required) label.insertAdjacentHTML('beforeend', '<span class="req" aria-hidden="true">*</span><span class="sr">(required)</span>');
    const sel = Object.assign(document.createElement('select'), { id: `c-${id}`, name: `col.${f.name}` });
    sel.dataset.col = f.name;
    sel.setAttribute('aria-describedby', `${f.secret ? `h-${id} ` : ''}e-${id}`);
    sel.add(new Option(f.required ? 'Choose a column' : 'Not used', ''));
    for (const h of header) sel.add(new Option(h, h));
    const choice = [wanted[`col.${f.name}`], keep[f.name], inspected?.guess[f.name]].find((c) => c && header.includes(c));
    sel.value = choice || '';
    div.append(label, sel);
    if (f.secret) {
      div.append(Object.assign(document.createElement('p'), { className: 'help', id: `h-${id}`, textContent: 'It stays in this page: never in a link, the address or a request.' }));
    }
    div.append(Object.assign(document.createElement('p'), { className: 'error', id: `e-${id}`, hidden: true }));
    box.append(div);
  }
  for (const [id, none, guess] of [['c-name', 'Row numbers', inspected?.name], ['c-caption', 'None', '']]) {
    const sel = $(id);
    const prev = sel.value;
    sel.replaceChildren(new Option(none, ''), ...header.map((h) => new Option(h, h)));
    const choice = [wanted[sel.name], prev, guess].find((c) => c && header.includes(c));
    sel.value = choice || '';
  }
  $('make').disabled = !inspected || running;
  syncURL();
}

kindSelect.addEventListener('change', () => {
  if (inspected) inspect();
  else buildColumns();
});

// --- the address --------------------------------------------------------------------

// query is the page's choices: never a cell of the file, nor the logo.
function query() {
  const q = new URLSearchParams();
  if (kindSelect.value) q.set('kind', kindSelect.value);
  for (const sel of $('columns').querySelectorAll('select')) if (sel.value) q.set(sel.name, sel.value);
  for (const id of ['c-name', 'c-caption']) if ($(id).value) q.set($(id).name, $(id).value);
  if (output() !== 'png') q.set('out', output());
  for (const el of [...styles, ...(output() === 'sheet' ? layout : [])]) {
    if (isRadio(el) && !el.checked) continue;
    const v = value(el);
    if (v === '' || v === (el.dataset.default || '')) continue;
    q.set(el.name, v);
  }
  const s = q.toString().replace(/\+/g, '%20');
  return s ? `?${s}` : '';
}

function syncURL() {
  const url = location.pathname + query();
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
}

function fillFromURL() {
  const q = new URLSearchParams(location.search);
  if (q.has('kind')) setValue(kindSelect, q.get('kind'));
  for (const [k, v] of q) if (k.startsWith('col.') || k === 'name' || k === 'caption') wanted[k] = v;
  const out = form.querySelector(`input[name="out"][value="${q.get('out')}"]`);
  if (out) out.checked = true;
  for (const el of [...styles, ...layout]) {
    const names = [el.name, ...(el.dataset.alias || '').split(' ').filter(Boolean)];
    const name = names.find((n) => n && q.has(n));
    if (name === undefined) continue;
    if (isLogo(el)) {
      logoWanted = true;
      continue;
    }
    if (el.dataset.style === 'fg' && q.get(name).includes(':')) fillFromGradient(el, q.get(name));
    else if (!fillEyes(el, q.get(name))) setValue(el, q.get(name));
  }
}

// --- the output ------------------------------------------------------------------------

function showOutput() {
  const sheet = output() === 'sheet';
  $('sheet-options').hidden = !sheet;
  const custom = $('c-preset').value === 'custom';
  for (const name of grid) $(`c-${name}`).closest('.control').hidden = !custom;
  $('make').textContent = !sheet ? 'Make the codes' : $('c-test').checked ? 'Make the alignment test page' : 'Make the label sheet';
}

$('c-preset').addEventListener('change', () => {
  const preset = $('c-preset').value;
  if (preset !== 'custom') setValue($('c-paper'), preset.split('-')[0]);
});
// A preset is of one paper: another paper takes its first preset.
function presetOfPaper() {
  const paper = $('c-paper').value;
  if ($('c-preset').value !== 'custom' && !$('c-preset').value.startsWith(`${paper}-`)) {
    $('c-preset').value = [...$('c-preset').options].find((o) => o.value.startsWith(`${paper}-`)).value;
  }
}
$('c-paper').addEventListener('change', presetOfPaper);

// --- making --------------------------------------------------------------------------

function setup() {
  const s = { text, kind: kindSelect.value, columns: {}, name: $('c-name').value, caption: $('c-caption').value, style: {}, output: output(), sheet: {} };
  for (const sel of $('columns').querySelectorAll('select')) if (sel.value) s.columns[sel.dataset.col] = sel.value;
  for (const el of styles) {
    if (isRadio(el) && !el.checked) continue;
    const v = isLogo(el) ? logoURI() : value(el);
    // Left out at its default, as a link leaves it: the fixes then read
    // as the API's for the same items.
    if (v !== '' && v !== (el.dataset.default || '')) s.style[el.dataset.style] = v;
  }
  const custom = $('c-preset').value === 'custom';
  for (const el of layout) {
    const name = el.dataset.sheet;
    const v = value(el);
    if (v === '' || (name === 'preset' && custom) || (grid.includes(name) && !custom)) continue;
    s.sheet[name] = v;
  }
  return s;
}

$('make').addEventListener('click', () => {
  if (running || !inspected) return;
  clearErrors();
  running = true;
  result = null;
  counts = { made: 0, failed: 0, weak: 0, small: 0 };
  lastAdvice = {};
  $('rows').replaceChildren();
  $('summary').textContent = '';
  $('save').hidden = true;
  $('make').disabled = true;
  $('cancel').hidden = false;
  $('progress').hidden = false;
  $('progress').value = 0;
  say('Starting…');
  startedAt = performance.now();
  performance.mark('batch:start');
  worker.postMessage({ run: setup() });
});

function opened(o) {
  const errors = Object.entries(o.errors || {});
  if (errors.length) {
    stop();
    for (const [key, msg] of errors) showError(key, msg);
    say(`Correct the marked choice${errors.length === 1 ? '' : 's'} to make the codes: ${errors.map(([, m]) => m).join('; ')}.`);
    form.querySelector('[aria-invalid="true"]')?.focus();
    return;
  }
  total = o.rows;
  $('progress').max = total;
  document.querySelector('.results').hidden = false;
  say(`Making ${total} code${total === 1 ? '' : 's'}${o.layout ? ` on ${o.layout}, each ${o.side} mm` : ''}…`);
}

let lastSaid = 0;
let lastAdvice = {}; // the last advice shown in full, and its row

function madeRows(rows, done) {
  const tbody = $('rows');
  const frag = document.createDocumentFragment();
  for (const r of rows) frag.append(rowElement(r));
  tbody.append(frag);
  $('progress').value = done;
  // The progress bar moves with every batch; the words, which a screen
  // reader speaks, every few seconds.
  if (running && performance.now() - lastSaid > 3000) {
    lastSaid = performance.now();
    say(`Made ${done} of ${total}…`);
  }
}

function rowElement(r) {
  const tr = document.createElement('tr');
  const cell = (content) => {
    const td = document.createElement('td');
    if (content instanceof Node) td.append(content);
    else td.textContent = content;
    tr.append(td);
    return td;
  };
  cell(String(r.row));
  if (r.error) {
    counts.failed++;
    tr.className = 'failed';
    cell('–');
    cell('not made');
    cell('–');
    const p = document.createElement('div');
    p.append(Object.assign(document.createElement('strong'), { textContent: `${where(r.error)}: ` }), r.error.detail);
    const fix = document.createElement('p');
    fix.className = 'fix';
    fix.append('Fix: ', Object.assign(document.createElement('code'), { textContent: r.error.fix }));
    p.append(fix);
    cell(p);
    return tr;
  }
  counts.made++;
  cell(r.file || '–');
  const scans = cell(r.scans ? 'yes' : r.verdict);
  if (!r.scans) {
    counts.weak++;
    tr.className = 'weak';
    scans.className = 'no';
  }
  cell(`version ${r.version}, ${r.ec}`);
  if (r.advice) {
    counts.small++;
    tr.className = 'weak';
  }
  // The same advice row after row is said once, and then referred to.
  const said = r.advice ? [r.advice.what, ...r.advice.choices].join('\n') : '';
  if (said && said === lastAdvice.text) cell(`Too small to scan, as row ${lastAdvice.row}.`);
  else cell(r.advice ? advice(r.advice) : '');
  if (said && said !== lastAdvice.text) lastAdvice = { text: said, row: r.row };
  return tr;
}

// where names what a row's problem is about: its columns, else the
// control that puts it right, by their labels on this page.
function where(e) {
  if (e.column) return `${e.column} column${e.column.includes(', ') ? 's' : ''}`;
  const label = e.control && controlLabel(form.querySelector(`[data-style="${e.control}"], [data-sheet="${e.control}"]`));
  return label || e.field || 'style';
}

function controlLabel(el) {
  if (!el) return '';
  const box = el.closest('fieldset.control-pictures');
  const label = box ? box.querySelector('legend') : form.querySelector(`label[for="${el.id}"]`);
  return label ? label.firstChild.textContent.trim() : '';
}

// advice shows a sheet's size advice, as batch.wasm gives it in its parts
// ({what, choices}): what is wrong, then each choice that would make the
// code fit, named as this page's controls name it (caption_at=right is
// "Caption goes: Right of the code").
function advice({ what, choices }) {
  const box = document.createElement('div');
  box.className = 'advice';
  box.append(Object.assign(document.createElement('p'), { textContent: `${what[0].toUpperCase()}${what.slice(1)}.` }));
  if (choices.length) {
    box.append(Object.assign(document.createElement('p'), { textContent: 'It fits with any one of:' }));
    const ul = document.createElement('ul');
    for (const c of choices) {
      const h = humanize(c);
      ul.append(Object.assign(document.createElement('li'), { textContent: h[0].toUpperCase() + h.slice(1) }));
    }
    box.append(ul);
  }
  return box;
}

function humanize(choice) {
  let named = '';
  const out = choice.replace(/\b([a-z_]+)=([\w.-]+)/g, (all, name, v) => {
    const el = form.querySelector(`[data-sheet="${name}"], [data-style="${name}"]`);
    const label = controlLabel(el);
    if (!label) return all;
    const option = el.tagName === 'SELECT' ? [...el.options].find((o) => o.value === v) : null;
    named += option ? option.textContent : '';
    return `${label}: ${option ? option.textContent : v}`;
  });
  // A preset's option names its stock, which the advice names again.
  return out.replace(/, (Avery [^(]+?) \(/, (m, stock) => (named.includes(stock) ? ' (' : m));
}

function finished(f) {
  const secs = ((performance.now() - startedAt) / 1000).toFixed(1);
  performance.mark('batch:done');
  performance.measure('batch', 'batch:start', 'batch:done');
  stop();
  result = { blob: new Blob([f.data], { type: f.mime }), name: f.name };
  const kb = Math.max(1, Math.round(result.blob.size / 1024));
  $('save').textContent = `Download ${f.name} (${kb.toLocaleString('en')} KB)`;
  $('save').hidden = false;
  const parts = [`Made ${counts.made} code${counts.made === 1 ? '' : 's'} in ${secs} s`];
  if (counts.failed) parts.push(`${counts.failed} row${counts.failed === 1 ? ' has a problem: it is' : 's have a problem: they are'} listed with the fix`);
  if (counts.weak) parts.push(`${counts.weak} may not scan`);
  if (counts.small) parts.push(`${counts.small} ${counts.small === 1 ? 'is' : 'are'} too small for their data on this label`);
  if (!counts.failed && !counts.weak) parts.push('every one scans');
  say(`${parts.join('; ')}.`);
  $('summary').textContent = `${total} rows: ${counts.made} made, ${counts.failed} with a problem.`;
  $('save').focus();
}

function cancelled(n) {
  stop();
  say(`Cancelled after ${n} of ${total} row${total === 1 ? '' : 's'}: nothing to download.`);
  $('progress').hidden = true;
}

let cancelTimer = 0;

$('cancel').addEventListener('click', () => {
  if (!running) return;
  worker.postMessage({ cancel: true });
  // A row the worker is on runs to its end; should it not answer soon,
  // the worker goes, and a new one is started for the next run.
  cancelTimer = setTimeout(() => {
    if (!running) return;
    worker.terminate();
    worker = startWorker();
    cancelled($('progress').value);
  }, 600);
});

function stop() {
  running = false;
  clearTimeout(cancelTimer);
  $('cancel').hidden = true;
  $('make').disabled = !inspected;
  $('make').focus();
}

$('save').addEventListener('click', () => {
  if (!result) return;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(result.blob);
  a.download = result.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
});

// --- errors next to their controls ------------------------------------------------------

function showError(key, msg) {
  const box = $(`e-${key}`);
  if (!box) return;
  box.hidden = !msg;
  box.textContent = msg;
  const control = key === 'file' ? $('c-file') : $(`c-${key}`) || form.querySelector(`[name="${key}"]`);
  if (!control) return;
  if (msg) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

function clearErrors() {
  for (const box of form.querySelectorAll('.error')) {
    box.hidden = true;
    box.textContent = '';
  }
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

// --- start ------------------------------------------------------------------------------

fillFromURL();
// A link names a paper, a preset or both: the one it names decides.
if (new URLSearchParams(location.search).has('preset') && $('c-preset').value.includes('-')) setValue($('c-paper'), $('c-preset').value.split('-')[0]);
else presetOfPaper();
buildColumns();
showOutput();
wireSwatches();
wireLogo(
  styles.find(isLogo),
  () => {
    logoWanted = false;
    syncURL();
  },
  (err) => say(`The logo could not be read: ${err}`),
);
form.addEventListener('input', () => {
  showShown();
  showOutput();
  syncURL();
});
form.addEventListener('change', () => {
  showOutput();
  syncURL();
});
form.addEventListener('submit', (ev) => ev.preventDefault());
if (logoWanted) {
  $('p-logo').hidden = false;
  form.querySelector('details.branding').open = true;
}
say('Open a file, or paste one, to begin.');
