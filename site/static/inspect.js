// The /inspect page: a picture of a QR code, opened from a file, pasted
// or taken with the camera, is read in a web worker by inspect.wasm
// (core/inspect, the decoder's own reading) and its report shown: a grade
// card for each code, the picture with what was found marked, and the
// causes with their fixes. The picture never leaves the page.
const $ = (id) => document.getElementById(id);
const statusLine = $('status');
const worker = new Worker('/inspect-worker.js');
let overlayURL = null;
let busy = false;
let reports = 0; // reports shown, as data-reports on the report: for tests

const say = (text) => {
  statusLine.textContent = text;
};

const names = {
  symbol_contrast: 'Symbol contrast',
  minimum_reflectance: 'Minimum reflectance',
  modulation: 'Modulation',
  fixed_pattern_damage: 'Fixed pattern damage',
  axial_nonuniformity: 'Axial nonuniformity',
  grid_nonuniformity: 'Grid nonuniformity',
  unused_error_correction: 'Unused error correction',
  format_information: 'Format and version information',
};
const letters = ['F', 'D', 'C', 'B', 'A'];
const stages = {
  finder: 'Reading stopped at the finder patterns (the three corner squares).',
  grid: 'Reading stopped at the grid: the finder patterns were found, but no grid of modules through them read.',
  format: 'Reading stopped at the format information beside the finder patterns.',
  codewords: 'Reading stopped at the codewords: more were wrong than error correction repairs.',
};
const percent = (v) => `${Math.round(v * 100)}%`;
const shown = {
  symbol_contrast: percent,
  minimum_reflectance: percent,
  modulation: (v) => v.toFixed(2),
  fixed_pattern_damage: (v) => `${v} ${v === 1 ? 'module' : 'modules'} wrong`,
  axial_nonuniformity: (v) => v.toFixed(3),
  grid_nonuniformity: (v) => `${v.toFixed(2)} modules`,
  unused_error_correction: percent,
  format_information: (v) => `${v} ${v === 1 ? 'bit' : 'bits'} wrong`,
};

// el makes an element with text (never markup: a code's text is shown
// as it is read).
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

worker.onmessage = ({ data }) => {
  if (data.ready) {
    say('Open, paste or take a picture of a QR code.');
    return;
  }
  busy = false;
  if (data.failed) {
    say(`The picture could not be read: ${data.failed}`);
    return;
  }
  if (data.problem) {
    say(`${data.problem.detail}. ${data.problem.fix}`);
    return;
  }
  show(data.report, data.overlay);
};

function read(bytes, what) {
  if (busy) return;
  busy = true;
  say(`Reading ${what}…`);
  worker.postMessage({ bytes }, [bytes.buffer]);
}

async function readFile(file, what) {
  read(new Uint8Array(await file.arrayBuffer()), what);
}

$('c-photo').addEventListener('change', (e) => {
  const file = e.target.files[0];
  if (file) readFile(file, file.name);
});

document.addEventListener('paste', (e) => {
  for (const item of e.clipboardData?.items ?? []) {
    if (item.kind === 'file' && item.type.startsWith('image/')) {
      e.preventDefault();
      readFile(item.getAsFile(), 'the pasted picture');
      return;
    }
  }
});

// The camera: its view in the page until a picture is taken; the frame
// is drawn to a canvas and read as a PNG.
let stream = null;
const video = $('video');
function stopCamera() {
  stream?.getTracks().forEach((t) => t.stop());
  stream = null;
  video.hidden = $('snap').hidden = $('stop').hidden = true;
  $('camera').hidden = false;
}
$('camera').addEventListener('click', async () => {
  if (!navigator.mediaDevices?.getUserMedia) {
    say('This browser gives the page no camera; open a picture instead.');
    return;
  }
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 } }, audio: false });
  } catch (err) {
    say(`No camera: ${err.message}. Open a picture instead.`);
    return;
  }
  video.srcObject = stream;
  video.hidden = $('snap').hidden = $('stop').hidden = false;
  $('camera').hidden = true;
  await video.play();
  say('Hold the code in view, square-on and in focus, then take the picture.');
  $('snap').focus();
});
$('stop').addEventListener('click', () => {
  stopCamera();
  $('camera').focus();
});
$('snap').addEventListener('click', () => {
  const canvas = el('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d').drawImage(video, 0, 0);
  stopCamera();
  canvas.toBlob((blob) => readFile(blob, 'the camera picture'), 'image/png');
});

function show(report, overlay) {
  const codes = $('codes');
  codes.replaceChildren();
  if (overlayURL) URL.revokeObjectURL(overlayURL);
  overlayURL = URL.createObjectURL(new Blob([overlay], { type: 'image/png' }));
  const img = $('overlay');
  img.src = overlayURL;
  img.alt = report.count
    ? `The picture with the ${report.count === 1 ? 'code' : `${report.count} codes`} found marked: finder patterns, grid and damaged modules.`
    : `The picture with the ${report.finders_found} finder patterns found marked.`;
  $('method').textContent = report.method;
  report.codes.forEach((c, i) => codes.append(card(c, i + 1, report.count)));
  if (report.count === 0) codes.append(stopped(report));
  $('report').hidden = false;
  $('report').dataset.reports = String(++reports);
  say(report.count ? `${report.count === 1 ? 'One code' : `${report.count} codes`} read: overall grade ${report.codes.map((c) => c.letter).join(', ')}.` : stages[report.stopped_at]);
}

// card is the grade card of one code.
function card(c, n, count) {
  const id = `code-${n}`;
  const title = count > 1 ? `Code ${n}: grade ${c.letter}` : `Grade ${c.letter}`;
  const art = el('article', { class: 'grade-card', 'aria-labelledby': `${id}-h` });
  art.append(el('h3', { id: `${id}-h` }, el('span', { class: `letter letter-${c.letter}`, 'aria-hidden': 'true' }, c.letter), ' ', title));
  art.append(el('p', { class: 'code-text' }, el('span', { class: 'sr' }, 'It holds: '), c.text.length > 200 ? c.text.slice(0, 200) + '…' : c.text));
  const rows = Object.entries(names).map(([k, name]) => {
    const p = c.parameters[k];
    return el('tr', {}, el('th', { scope: 'row' }, name), el('td', {}, shown[k](p.value)), el('td', { class: `grade-${letters[p.grade]}` }, letters[p.grade]));
  });
  art.append(
    el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `${title}: each parameter` },
      el('table', {}, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Parameter'), el('th', { scope: 'col' }, 'Value'), el('th', { scope: 'col' }, 'Grade'))), el('tbody', {}, ...rows))),
  );
  const q = c.quiet_zone;
  const blocks = c.blocks.map((b) => `${b.corrected} of ${b.capacity}`).join(', ');
  const measures = [
    ['Quiet zone (modules)', `top ${q.top}, right ${q.right}, bottom ${q.bottom}, left ${q.left}`],
    ['Module size', `${c.module_px} px`],
    ['Symbol', `version ${c.version}, error correction ${c.ec}, mask ${c.mask}`],
    ['Codewords corrected, by block', blocks],
    ['Reflectance', `dark ${percent(c.reflectance.dark)}, light ${percent(c.reflectance.light)}; contrast ${c.contrast_ratio}:1`],
    ['Orientation', [c.mirrored ? 'mirrored' : 'not mirrored', c.inverted ? 'light on dark' : 'dark on light'].join(', ')],
  ];
  art.append(el('dl', { class: 'measures' }, ...measures.map(([k, v]) => el('div', {}, el('dt', {}, k), el('dd', {}, v)))));
  art.append(causes(c.causes, `${id}-fix`, 'Nothing to fix: every grade is an A and the quiet zone is 4 modules or more.'));
  return art;
}

// stopped says where reading stopped, and why.
function stopped(report) {
  const sec = el('article', { class: 'grade-card', 'aria-labelledby': 'stopped-h' });
  sec.append(el('h3', { id: 'stopped-h' }, el('span', { class: 'letter letter-F', 'aria-hidden': 'true' }, '–'), ' ', 'No code read'));
  sec.append(el('p', {}, stages[report.stopped_at]));
  if (report.blocks?.length) {
    sec.append(el('p', { class: 'help' }, `Version ${report.version}-${report.ec}; blocks: ${report.blocks.map((b, i) => `${i + 1}: ${b.repaired ? `${b.corrected} of ${b.capacity} corrected` : `more than ${b.capacity} wrong`}`).join('; ')}.`));
  }
  sec.append(causes(report.causes, 'stopped-fix', ''));
  return sec;
}

function causes(list, id, none) {
  const box = el('section', { 'aria-labelledby': id });
  box.append(el('h4', { id }, 'What to fix'));
  if (!list.length) {
    box.append(el('p', {}, none));
    return box;
  }
  box.append(el('ul', { class: 'causes' }, ...list.map((c) => el('li', {}, el('p', {}, c.cause), fix(c.fix)))));
  return box;
}

// fix shows a fix, a call of the API in it as a link to what it draws.
function fix(text) {
  const p = el('p', { class: 'fix' });
  const m = text.match(/GET (\/api\/v1\/\S+)/);
  if (!m) {
    p.append(text);
    return p;
  }
  p.append(text.slice(0, m.index), 'GET ', el('a', { href: m[1] }, el('code', {}, m[1])), text.slice(m.index + m[0].length));
  return p;
}
