// The editor. It mirrors the form into the page URL as the user types,
// draws the code with the browser program (editor.wasm) on every
// keystroke, checks that the code scans in a worker (verify.wasm), and
// offers downloads and links. Until the program has drawn, the page shows
// a code that needs no program (firstCode). A branded code (a frame, a gradient, eye
// colours, a logo) is drawn plain at once, then branded and verified by
// the worker, which draws it as the API does.
//
// Secret fields (data-secret) are read only to draw the code: they never
// enter the URL, the history, storage, a link or a request. Nor does a
// logo: it is read from a file into this page, and a link says only that
// one was used (logo=chosen), so that whoever opens it chooses it again.

import { bind, eyesOff, fillEyes, fillFromGradient, isLogo, isRadio, logoURI, refreshSwatches, setValue, showShown, value, wireLogo, wireSwatches } from './controls.js';

const form = document.getElementById('editor');
bind(form);
const kind = form.dataset.kind; // "" on the free-text page
const title = form.dataset.title; // the kind's title, "" on the free-text page
const controls = [...form.querySelectorAll('[data-field], [data-style]')];
const $ = (id) => document.getElementById(id);
const codeBox = $('code');
const statusLine = $('status');

// nameOf is a control's query name; secret inputs carry it as data-name
// so that no form submission can ever include them.
const nameOf = (el) => el.dataset.name || el.name;
const keyOf = (el) => el.dataset.field || el.dataset.style;
const isSecret = (el) => 'secret' in el.dataset;
// labelOf is the name a control goes by: its label, or its group's legend.
const labelOf = (el) =>
  (isRadio(el) ? el.closest('fieldset').querySelector('legend') : form.querySelector(`label[for="${el.id}"]`)).firstChild.textContent.trim();
// typed reports controls whose emptiness means "nothing entered yet".
const typed = (el) => el.dataset.field && el.tagName !== 'SELECT' && el.type !== 'checkbox';

// --- URL state -------------------------------------------------------------

function query(keep) {
  const q = new URLSearchParams();
  for (const el of controls) {
    if (isSecret(el) || !keep(el)) continue;
    const v = value(el);
    if (v === '' || v === (el.dataset.default || '')) continue;
    q.append(nameOf(el), v);
  }
  const s = q.toString().replace(/\+/g, '%20');
  return s ? `?${s}` : '';
}

const pageQuery = () => query(() => true);
// The API takes everything but the logo, which never leaves the page.
const apiQuery = () => query((el) => !isLogo(el));

function syncURL() {
  const url = location.pathname + pageQuery();
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
}

// fillFromURL sets the controls from the page URL, under their names or
// aliases. A secret found there is not used: it is dropped from the
// address at once (syncURL) and the user is told why.
function fillFromURL() {
  const q = new URLSearchParams(location.search);
  const dropped = [];
  // A link's preset is read as the API reads it: its look first, then
  // each control the link sets itself.
  const look = looks.find((r) => r.value !== '' && r.value === (q.get('preset') || '').trim().toLowerCase());
  if (look) applyLook(look);
  for (const el of controls) {
    const names = [nameOf(el), ...(el.dataset.alias || '').split(' ').filter(Boolean)];
    const name = names.find((n) => q.has(n));
    if (name === undefined) continue;
    if (isSecret(el)) {
      dropped.push(labelOf(el).toLowerCase());
      continue;
    }
    if (isLogo(el)) {
      // The link was made with a logo, which it could not carry.
      logoWanted = true;
      continue;
    }
    if (el.dataset.style === 'fg' && q.get(name).includes(':')) {
      fillFromGradient(el, q.get(name));
      continue;
    }
    if (el.dataset.style === 'fg') form.querySelector('[data-ui="fill"][value="solid"]').checked = true;
    if (!fillEyes(el, q.get(name))) setValue(el, q.get(name));
    el.dataset.touched = '1';
  }
  return dropped;
}

let logoWanted = false; // a link said a logo was used, and none is chosen yet

// --- looks -----------------------------------------------------------------

// looks are the look radios (templates.LookControl), each with its
// preset's parameters; lookNames are the parameters any of them sets and
// those drawn with them (the eye ball, the frame's colours), which
// choosing a look puts back to their defaults; lookControls the controls
// each name sets (radios: one a choice), found once.
const looks = [...form.querySelectorAll('[data-ui="preset"]')];
const lookParams = new Map(looks.map((r) => [r, new URLSearchParams(r.dataset.params || '')]));
const lookNames = [...new Set(looks.flatMap((r) => [...lookParams.get(r).keys()]).concat('eye_ball', 'frame_color', 'frame_text_color'))];
const controlsOf = (name) => controls.filter((el) => nameOf(el) === name || (el.dataset.alias || '').split(' ').includes(name));
const lookControls = new Map(lookNames.map((name) => [name, controlsOf(name)]));

// applyLook sets the controls to radio's look, as the API reads
// preset=NAME alone: its parameters, and every other a look sets at its
// default (the plain look: all of them).
function applyLook(radio) {
  for (const els of lookControls.values()) {
    for (const el of els) {
      if (isRadio(el)) el.checked = el.value === (el.dataset.default || '');
      else setValue(el, el.dataset.default || '');
      delete el.dataset.touched;
    }
  }
  const solid = form.querySelector('[data-ui="fill"][value="solid"]');
  if (solid) solid.checked = true;
  eyesOff();
  for (const [name, v] of lookParams.get(radio)) {
    for (const el of lookControls.get(name)) {
      if (el.dataset.style === 'fg' && v.includes(':')) fillFromGradient(el, v);
      else if (!fillEyes(el, v)) setValue(el, v);
      el.dataset.touched = '1';
    }
  }
  refreshSwatches();
  radio.checked = true;
}

// markLook checks the look the controls show, if they show one, so that
// a link written out from a look, or a look changed back, says so. It runs
// on every input: each control is read once.
function markLook() {
  const unset = (els, v) => (els[0] && v.toLowerCase() === (els[0].dataset.default || '').toLowerCase() ? '' : v.toLowerCase());
  const now = new Map();
  for (const [name, els] of lookControls) {
    const el = els.find((c) => !isRadio(c) || c.checked);
    now.set(name, el ? unset(els, value(el)) : '');
  }
  for (const r of looks) {
    const ps = lookParams.get(r);
    r.checked = lookNames.every((name) => now.get(name) === unset(lookControls.get(name), ps.get(name) ?? ''));
  }
}

// --- drawing ---------------------------------------------------------------

function request(examples) {
  const r = { kind, fields: {}, style: {} };
  for (const el of controls) {
    if (isRadio(el) && !el.checked) continue;
    const v = examples && el.dataset.field ? el.dataset.example || '' : value(el);
    if (el.dataset.field) r.fields[el.dataset.field] = v;
    else if (isLogo(el)) r.style.logo = logoURI();
    else r.style[el.dataset.style] = v;
  }
  return r;
}

let current = null; // the last result drawn, with the request it came from
let lastBranded = ''; // the last branded picture the worker drew
let lastErrors = {}; // what the last render found wrong, by control key
let drawn = 0; // codes drawn so far: the id of the current one

function draw(ev) {
  const example = controls.filter(typed).every((el) => value(el) === '');
  const req = request(example);
  const res = qrEditor.render(req);
  const missing = showErrors(res.errors);
  lastErrors = res.errors;
  if (res.svg) {
    // A branded code shows plain until the worker has drawn it branded.
    // Until it has, the last branded picture stays rather than flash plain.
    // The program's first draw of a branded link keeps the branded code
    // the API drew (firstCode), which is the worker's too.
    const same = current && current.res.options === res.options && current.brandedSVG;
    const last = res.branded && (lastBranded || (drawn === 0 && early));
    show(same || last || res.svg);
    codeBox.classList.remove('stale', 'blank');
    current = { req, res, example, brandedSVG: same ? current.brandedSVG : '' };
    showFigures(res);
    if (++drawn === 1) markFirst('program');
    verifySoon();
  } else {
    codeBox.classList.add('stale');
    if (!codeBox.querySelector('svg')) codeBox.classList.add('blank');
    current = null;
  }
  $('code-tag').hidden = !(current && example);
  codeBox.setAttribute('aria-label', describe(current));
  $('dl-png').disabled = $('dl-svg').disabled = !current || example;
  showStatus(res, example, missing);
  $('code-note').hidden = Boolean(current);
  if (!current) $('code-note').textContent = statusLine.textContent || 'The code appears here once the form is complete.';
  if (ev) performance.measure('qr:keystroke', { start: ev.timeStamp, end: performance.now() });
}

// describe names the preview for a screen reader: what the code holds,
// except a secret, which is named and not read out.
function describe(shown) {
  const what = title ? `${title} QR code` : 'QR code';
  if (!shown) return `No code yet. ${statusLine.textContent}`.trim();
  if (shown.example) return `Example ${what}, not yours: fill in the form to make your own`;
  const secrets = controls.filter((el) => isSecret(el) && value(el) !== '').map((el) => labelOf(el).toLowerCase());
  if (secrets.length) return `${what} holding the ${secrets.join(' and ')}, not read out`;
  return `${what} holding: ${shown.res.text}`;
}

// showErrors puts each message next to its control: at once for a control
// the user has touched or filled, else only as a name in the status line.
function showErrors(errors) {
  const missing = [];
  for (const el of controls) {
    const msg = errors[keyOf(el)] || '';
    const box = $(`e-${nameOf(el)}`);
    const shown = msg !== '' && (el.dataset.touched || value(el) !== '');
    box.hidden = !shown;
    box.textContent = !shown ? '' : el.dataset.field ? `${labelOf(el)} ${msg}.`.replace(/\.\.$/, '.') : msg;
    if (shown) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    if (msg && !shown) missing.push(labelOf(el));
  }
  return missing;
}

// show puts markup in the code box, unless it is there already: the
// program's first draw of a link's code is the markup the API sent
// (firstCode), and leaving it in place keeps the swap invisible.
function show(markup) {
  if (markup === shown) return;
  codeBox.innerHTML = markup;
  shown = markup;
}

let shown = ''; // the markup this page last put in the code box

function say(text) {
  if (statusLine.textContent !== text) statusLine.textContent = text;
}

function showStatus(res, example, missing) {
  if (example) return say('This is an example. Fill in the form to make your code.');
  if (res.errors['']) return say(res.errors['']);
  if (missing.length) return say(`Fill in ${missing.join(', ')} to make the code.`);
  if (!res.svg) return say('Correct the marked fields to update the code.');
  if (res.branded) return say('Checking your branded code…');
  say('Your code is ready.');
}

function showFigures(res) {
  $('v-contrast').textContent = `${res.contrast.toFixed(1)}:1${res.contrast < res.minContrast ? ' (low)' : ''}`;
  $('v-quiet').textContent = `${res.quietZone} module${res.quietZone === 1 ? '' : 's'}`;
  $('v-symbol').textContent = `version ${res.version}, error correction ${res.ec}`;
  $('v-scan').textContent = 'checking…';
  delete $('v-scan').dataset.scannable;
  showWarnings(res.warnings);
  // The text holds a secret as the payload escapes it, which no search for
  // the typed value would find: say that it is there instead of showing it.
  const secrets = controls.filter((el) => isSecret(el) && value(el) !== '').map((el) => labelOf(el).toLowerCase());
  $('payload').textContent = secrets.length ? `Not shown: it holds the ${secrets.join(' and ')}.` : res.text;
}

function showWarnings(list) {
  const ul = $('warnings');
  ul.replaceChildren(...list.map((w) => Object.assign(document.createElement('li'), { textContent: w })));
}

// --- verify, in a worker ---------------------------------------------------

let worker = null;
let verifyTimer = 0;

// verifySoon decodes the current code once typing pauses: decoding takes
// tens of milliseconds, the preview must not wait for it.
function verifySoon() {
  clearTimeout(verifyTimer);
  verifyTimer = setTimeout(() => {
    if (!current) return;
    worker ??= startWorker();
    worker.postMessage({ id: drawn, req: current.req });
  }, 150);
}

function startWorker() {
  const w = new Worker('/verify-worker.js');
  w.onmessage = ({ data }) => {
    if (data.download) return downloaded(data);
    if (data.id !== drawn || !current) return; // an answer about a code no longer shown
    if (data.error) {
      $('v-scan').textContent = 'not checked';
      if (data.field) showBrandError(data.field, data.error);
      else if (current.res.branded) say(`The branded code could not be drawn: ${data.error}`);
      return;
    }
    if (data.svg) {
      current.brandedSVG = lastBranded = data.svg;
      show(data.svg);
    }
    $('v-scan').textContent = data.scannable ? 'yes' : data.decoded ? 'only with a good camera' : 'no';
    $('v-scan').dataset.scannable = String(data.scannable);
    showWarnings(data.warnings);
    if (current.res.branded && !current.example) say(verdict(data));
  };
  w.onerror = () => {
    $('v-scan').textContent = 'not checked';
  };
  return w;
}

// verdict says in words what the check of a branded code found.
function verdict(data) {
  if (data.scannable) return 'Your branded code is ready: checked, phones will read it.';
  let s = 'This branded code would not scan reliably, so the API would refuse it.';
  if (data.largest > 0) s += ` A logo size of ${data.largest} or less scans.`;
  else if (data.warnings.length) s += ` ${data.warnings[0]}`;
  return s;
}

// showBrandError puts a branding error the worker found (a logo that
// does not decode, a frame text the fonts cannot draw) next to its control.
function showBrandError(field, msg) {
  const key = field === 'color' ? 'fg' : field;
  const el = controls.find((c) => keyOf(c) === key);
  const box = el && $(`e-${nameOf(el)}`);
  if (!box) return say(msg);
  box.hidden = false;
  box.textContent = msg;
  el.setAttribute('aria-invalid', 'true');
  say(`Correct the ${labelOf(el).toLowerCase()}: ${msg}`);
}

// --- downloads and links -------------------------------------------------------

async function download(format) {
  if (!current || current.example) return;
  const name = `${kind || 'qr'}.${format}`;
  if (current.res.branded) {
    // The branded code is drawn by the worker, as the API draws it.
    if (format === 'svg') {
      if (!current.brandedSVG) return say('The branded code is still being checked: download it in a moment.');
      return save(new Blob([current.brandedSVG], { type: 'image/svg+xml' }), name);
    }
    worker ??= startWorker();
    pendingDownload = name;
    worker.postMessage({ id: drawn, png: true, req: current.req });
    return;
  }
  let blob;
  if (format === 'svg') {
    blob = new Blob([qrEditor.render(current.req).svg], { type: 'image/svg+xml' });
  } else {
    const r = qrEditor.png(current.req);
    if (!r.png) return say(Object.values(r.errors).join(' '));
    blob = new Blob([r.png], { type: 'image/png' });
  }
  save(blob, name);
}

let pendingDownload = '';

// downloaded saves the PNG the worker drew.
function downloaded(data) {
  if (!pendingDownload) return;
  const name = pendingDownload;
  pendingDownload = '';
  if (data.error) return say(`The PNG could not be drawn: ${data.error}`);
  save(new Blob([data.png], { type: 'image/png' }), name);
}

function save(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// settleSoon updates the address and the links right after the preview
// is drawn: history.replaceState can take milliseconds, which the
// keystroke's frame should not wait for.
let settleTimer = 0;
function settleSoon() {
  settleTimer ||= setTimeout(() => {
    settleTimer = 0;
    syncURL();
    showLinks();
  }, 0);
}

function showLinks() {
  const example = current?.example ?? false;
  // Never a fragment: the skip link's #content is not part of the code.
  $('share').value = location.origin + location.pathname + location.search;
  const api = `${location.origin}/api/v1/${kind || 'qr'}${apiQuery()}`;
  $('api').value = example ? '' : api;
  let curl = `curl -o ${kind || 'qr'}.png '${api}'`;
  const secrets = controls.filter((el) => isSecret(el) && value(el) !== '');
  if (secrets.length) {
    const vars = secrets.map((el) => `--data-urlencode "${nameOf(el)}=$${`${kind}_${nameOf(el)}`.toUpperCase().replace(/[^A-Z0-9]/g, '_')}"`);
    curl = `curl -G -o ${kind}.png '${api}' ${vars.join(' ')}`;
  }
  $('curl').value = example || !current ? '' : curl;
  if (!current) $('api').value = '';
  for (const b of document.querySelectorAll('[data-copy]')) b.disabled = !$(b.dataset.copy).value;
}

async function copy(button) {
  const field = $(button.dataset.copy);
  if (!field.value) return;
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();
    document.execCommand('copy');
  }
  const label = button.firstChild;
  label.textContent = 'Copied';
  setTimeout(() => (label.textContent = 'Copy'), 1500);
  say(`${form.querySelector(`label[for="${field.id}"]`).textContent} copied.`);
}

// --- the first code, before the program ----------------------------------------

// The program takes a second or more to arrive and start on a phone. Until
// it has drawn, the code box shows a code that needs no program:
// - a page whose form is as it loads (opened bare, or from a link that
//   sets nothing) keeps its example, drawn into the page when the site was
//   built (site/main.go): what the program draws for an empty form;
// - a link whose fields make a code needing no secret shows the code the
//   API draws for them: the page's API URL as SVG, the bytes the program
//   draws for the same values (wasm/editor's TestSameBytesAsTheAPI). The
//   server sends the page with it in the code box (site/serve);
//   on a host that does not, the page's inline script asks for it as the
//   page is parsed (templates/first.js, qrFirst). It never holds a secret
//   or the logo;
// - any other link (one that lacks a field, or needs a secret, which a
//   link never holds) shows nothing until the program has drawn.
// docs/editor.md, "Loading", has the figures.

// first is what the inline script did (templates/first.js).
const first = window.qrFirst ?? { url: '', svg: '', stop: false, done: Promise.resolve() };

// markFirst marks the first code on screen, once, saying how it came.
function markFirst(how) {
  if (!performance.getEntriesByName('qr:first-code').length) performance.mark('qr:first-code', { detail: how });
}

// painted resolves once the page has painted what it shows now.
const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

let edited = false; // the form changed before the program had drawn
let early = ''; // the code the API drew for the link

function firstCode() {
  const example = pageQuery() === '' && !logoWanted;
  if (example || !first.svg) {
    codeBox.closest('.code-box').classList.remove('baked');
    $('code-tag').hidden = !example;
    $('code-note').hidden = example; // else "Loading the editor…"
  }
  if (example) return markFirst('page');
  if (first.svg) return; // shown already
  // Until the API answers (first.done), or for good when no request was made.
  codeBox.replaceChildren();
  codeBox.classList.add('blank');
  codeBox.setAttribute('aria-label', 'No code yet');
}

// --- start -----------------------------------------------------------------------

const dropped = fillFromURL();
markLook();
syncURL();
firstCode();
// A link's first code on its way comes first (first.done settles once it
// is shown, or refused, or at once when no request was made): the rest of
// the page's set-up, and compiling and starting the program, hold the page
// for a while and would hold back the answer and its paint. The program
// downloads meanwhile (the head's preload).
await first.done;
if (first.svg) await painted();
// On a phone the style options fold away unless the link set some, so the
// code is a short scroll below the fields.
if (matchMedia('(max-width: 56rem)').matches) {
  for (const d of form.querySelectorAll('details.style')) {
    const set = controls.some((el) => d.contains(el) && el.dataset.style && value(el) !== '' && value(el) !== (el.dataset.default || ''));
    if (!set) d.open = false;
  }
}
wireSwatches();
// The logo: read from the file into this page, never sent or linked.
const logoInput = controls.find(isLogo);
wireLogo(
  logoInput,
  () => {
    logoWanted = false;
    if (ready) draw();
    else changedEarly();
    settleSoon();
  },
  (err) => say(`The logo could not be read: ${err}`),
);
// The fill's and the eyes' own controls redraw like any other (the looks are the form's
// listener's, below).
for (const el of form.querySelectorAll('[data-ui]:not([data-ui="preset"])')) {
  el.addEventListener('input', (ev) => {
    ev.stopPropagation();
    showShown();
    markLook();
    if (ready) draw(ev);
    else changedEarly();
    settleSoon();
  });
}

// changedEarly: the form changed before the program has drawn, so a code
// shown before it (firstCode) is no longer the form's.
function changedEarly() {
  edited = first.stop = true;
  if (codeBox.querySelector('svg')) codeBox.classList.add('stale');
}
let ready = false;
form.addEventListener('input', (ev) => {
  if (ev.target.dataset.ui === 'preset') applyLook(ev.target);
  else markLook();
  if (ev.target.type === 'checkbox' || ev.target.tagName === 'SELECT' || isRadio(ev.target)) ev.target.dataset.touched = '1';
  if (isSecret(ev.target) && ev.target.value !== '') prompt(ev.target, false);
  if (ready) draw(ev);
  else changedEarly();
  settleSoon();
});
form.addEventListener('submit', (ev) => ev.preventDefault());
form.addEventListener('focusout', (ev) => {
  if (ev.target.matches('[data-field], [data-style]') && value(ev.target) !== '') ev.target.dataset.touched = '1';
});
for (const b of document.querySelectorAll('[data-copy]')) b.addEventListener('click', () => copy(b));
$('dl-png').addEventListener('click', () => download('png'));
$('dl-svg').addEventListener('click', () => download('svg'));

async function start() {
  const go = new Go();
  const source = fetch('/editor.wasm');
  let wasm;
  try {
    wasm = await WebAssembly.instantiateStreaming(source, go.importObject);
  } catch {
    // A server that sends .wasm without application/wasm still works.
    wasm = await WebAssembly.instantiate(await (await source).arrayBuffer(), go.importObject);
  }
  if (first.svg && !edited) shown = early = first.svg;
  go.run(wasm.instance);
  ready = true;
  draw();
  performance.mark('qr:editor-ready');
  showLinks();
  arrange();
  if (dropped.length) {
    say(`The ${dropped.join(' and ')} in the address was not used and has been removed from it: type it in the form. Secrets never go in a link.`);
  }
  if (logoWanted && logoInput) {
    $(`p-${nameOf(logoInput)}`).hidden = false;
    form.querySelector('details.branding').open = true;
  }
}

// arrange runs once the first code is drawn, for a page opened from a
// link. A link that made a code keeps it first on a phone. One that did
// not shows the form first; when what it lacks is a secret, which a link
// never carries, the field says so and takes the focus, so the person who
// opened it sees at once that it was left out on purpose and where to
// type it.
function arrange() {
  const root = document.documentElement;
  if (!root.classList.contains('linked')) return;
  if (current && !current.example) return;
  root.classList.remove('linked');
  const wanted = controls.filter((el) => isSecret(el) && value(el) === '' && lastErrors[keyOf(el)]);
  for (const el of wanted) prompt(el, true);
  wanted[0]?.focus();
}

// prompt shows, or with on false hides, the note that a link left the
// secret el out.
function prompt(el, on) {
  $(`p-${nameOf(el)}`).hidden = !on;
  el.closest('.control').classList.toggle('prompted', on);
}

start().catch((err) => say(`The editor could not start: ${err.message}`));
