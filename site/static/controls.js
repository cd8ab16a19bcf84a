// The style controls as the editor (app.js) and the batch page (batch.js)
// share them: what each control holds, setting it from a link, the fill's
// own controls (fill, second colour, angle) written into the colour
// parameter, the colour pickers beside the hex fields, and the logo, read
// from a file into the page and never sent or linked (a link says only
// logo=chosen).

let form = null;
let logo = ''; // the logo's data URI, held in this page only

// bind names the form whose controls the functions below read.
export function bind(f) {
  form = f;
}

export const isRadio = (el) => el.type === 'radio';
export const isLogo = (el) => el.dataset.style === 'logo';
export const logoURI = () => logo;
export function setLogo(uri) {
  logo = uri;
}

// The page's own controls of a gradient (fill, second colour, angle):
// written into the foreground colour, the one parameter the API reads.
export const uiControl = (name) => form.querySelector(`[data-ui="${name}"]:checked`) || form.querySelector(`[data-ui="${name}"]:not([type=radio])`);
const fillOf = () => uiControl('fill')?.value || 'solid';
const hexOf = (el) => (el ? el.value.trim().replace(/^#/, '') : '');

// composed is the colour parameter: fg, or a gradient from fg to fg2.
function composed(fg) {
  const fill = fillOf();
  if (fill === 'solid' || fg === '' || fg.includes(':')) return fg;
  const fg2 = hexOf(uiControl('fg2')) || '2c5364';
  if (fill === 'radial') return `radial:${fg},${fg2}`;
  return `linear:${fg},${fg2},${hexOf(uiControl('angle')) || '180'}deg`;
}

// The page's own controls of a colour per eye (templates.eyeControls):
// with "eyes" checked, eye_color and eye_ball_color are three colours,
// top-left (the control itself), top-right (NAME2), bottom-left (NAME3).
const perEye = (el) => el.dataset.style === 'eye_color' || el.dataset.style === 'eye_ball_color';
const eyesOn = () => Boolean(uiControl('eyes')?.checked);

// eyesOf is an eye colour control's parameter: its colour, or with a
// colour per eye the three, where an empty one takes the first given
// (none given: empty, the default). A gradient is for all three eyes.
function eyesOf(el, own) {
  if (!eyesOn() || own.includes(':')) return own;
  const three = [own, hexOf(uiControl(`${el.dataset.style}2`)), hexOf(uiControl(`${el.dataset.style}3`))];
  const first = three.find((c) => c !== '');
  if (first === undefined) return '';
  return three.map((c) => c || first).join(',');
}

// fillEyes sets an eye colour control from its parameter: three colours
// check "eyes" and fill the other two eyes' controls; it reports whether
// v was three.
export function fillEyes(el, v) {
  const three = v.split(',');
  if (!perEye(el) || v.includes(':') || three.length !== 3 || !uiControl('eyes')) return false;
  uiControl('eyes').checked = true;
  setValue(el, three[0].trim());
  uiControl(`${el.dataset.style}2`).value = three[1].trim();
  uiControl(`${el.dataset.style}3`).value = three[2].trim();
  showShown();
  return true;
}

// eyesOff puts the colour per eye back to one colour for all three.
export function eyesOff() {
  const box = uiControl('eyes');
  if (!box) return;
  box.checked = false;
  for (const el of form.querySelectorAll('[data-shown-by="eyes"] [data-ui]')) el.value = '';
  showShown();
}

// showShown shows each control its checkbox shows (data-shown-by), and
// hides the rest.
export function showShown() {
  for (const div of form.querySelectorAll('[data-shown-by]')) div.hidden = !uiControl(div.dataset.shownBy)?.checked;
}

// value is what a control holds; a radio button holds its value only when
// it is the one checked.
export function value(el) {
  if (isLogo(el)) return logo ? 'chosen' : '';
  if (el.dataset.style === 'fg') return composed(el.value.trim().replace(/^#/, ''));
  if (perEye(el)) return eyesOf(el, hexOf(el));
  if (el.type === 'checkbox') return el.checked ? 'true' : '';
  if (isRadio(el)) return el.checked ? el.value : '';
  if (el.closest('.with-swatch')) return el.value.trim().replace(/^#/, '');
  return el.value;
}

export function setValue(el, v) {
  if (el.type === 'checkbox') {
    el.checked = ['true', '1', 'yes', 'on'].includes(v.toLowerCase());
  } else if (isRadio(el)) {
    el.checked = el.value.toLowerCase() === v.toLowerCase();
  } else if (el.tagName === 'SELECT') {
    let opt = [...el.options].find((o) => o.value.toLowerCase() === v.toLowerCase());
    if (!opt) {
      // Keep an unknown value, so its error shows next to the control.
      opt = new Option(v, v);
      el.add(opt);
    }
    el.value = opt.value;
  } else {
    el.value = v;
  }
}

// fillFromGradient sets the fill controls from a gradient as the colour
// parameter writes it: linear:<hex>,<hex>[,<angle>deg] or radial:<hex>,<hex>.
export function fillFromGradient(fg, v) {
  const [kind, rest] = v.split(':', 2);
  const parts = (rest || '').split(',');
  const angle = parts.find((p) => /deg$/i.test(p));
  const stops = parts.filter((p) => !/deg$/i.test(p));
  const fill = form.querySelector(`[data-ui="fill"][value="${kind.toLowerCase()}"]`);
  if (!fill || stops.length < 2) {
    setValue(fg, v); // not one the controls can show: kept as typed, its error shown
    return;
  }
  fill.checked = true;
  setValue(fg, stops[0]);
  const fg2 = uiControl('fg2');
  if (fg2) fg2.value = stops[stops.length - 1];
  const a = uiControl('angle');
  if (a && angle) a.value = parseFloat(angle);
  fg.dataset.touched = '1';
}

// wireSwatches keeps each colour picker and its hex field in step;
// refreshSwatches sets the pickers from fields a script has set.
const swatchSyncs = [];
export const refreshSwatches = () => swatchSyncs.forEach((f) => f());
export function wireSwatches() {
  for (const sw of form.querySelectorAll('[data-swatch]')) {
    const text = form.querySelector(`[name="${sw.dataset.swatch}"]`);
    const fromText = () => {
      const v = text.value.trim().replace(/^#/, ''); // its own colour: value() may be a gradient or three eyes
      if (/^[0-9a-f]{6}$/i.test(v)) sw.value = `#${v.toLowerCase()}`;
      else if (/^[0-9a-f]{3}$/i.test(v)) sw.value = `#${[...v].map((c) => c + c).join('').toLowerCase()}`;
    };
    swatchSyncs.push(fromText);
    fromText();
    text.addEventListener('input', fromText);
    sw.addEventListener('input', (ev) => {
      ev.stopPropagation();
      text.value = sw.value.slice(1);
      text.dataset.touched = '1';
      text.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

// wireLogo reads the logo from its file input into the page and offers its
// remove button; changed runs after either, failed with the read's error.
export function wireLogo(input, changed, failed) {
  if (!input) return;
  const name = input.dataset.name || input.name;
  input.addEventListener('change', (ev) => {
    ev.stopPropagation();
    const file = input.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      logo = String(reader.result);
      document.getElementById(`p-${name}`).hidden = true;
      document.getElementById(`x-${name}`).hidden = false;
      input.dataset.touched = '1';
      changed();
    };
    reader.onerror = () => failed(reader.error);
    reader.readAsDataURL(file);
  });
  document.getElementById(`x-${name}`)?.addEventListener('click', (ev) => {
    logo = '';
    input.value = '';
    ev.target.hidden = true;
    changed();
    input.focus();
  });
}
