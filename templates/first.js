// The first code of a shared link, before the editor's program has loaded
// (docs/editor.md, "Loading"). The page calls this inline in its head, with
// its form written out (templates/first.go). A server that reads links as
// this does (core/link) sends the page with the code in it already; else,
// run there, its request leaves
// as the page starts to be parsed, and its answer is shown at the parser's
// next pause, long before a module script (app.js) runs, and the program
// takes a second or more to arrive and start on a phone. For a link whose
// fields make a code without a secret it asks the API for that code as SVG
// and shows it, the bytes the program draws for the same values. app.js
// reads what it did from qrFirst: url (the request, "" when none was made),
// svg (the code shown, "" until then), done (settled once the request has),
// and sets stop once the form changes, so that a late answer is not shown.
// The code is put in as soon as both it and the code box are there,
// looked for at every frame while the page is parsed (a frame runs its
// callbacks just before it paints), so that an answer at hand by then is
// in the page's first paint.
(form) => {
  const first = { url: '', svg: '', stop: false, done: Promise.resolve() };
  window.qrFirst = first;
  const link = new URLSearchParams(location.search);
  if (!link.size) return; // a bare page keeps its example
  const hex = (v) => v.trim().replace(/^#/, '');
  const isLogo = (c) => c.style === 'logo';

  // asIs is what app.js's value (controls.js) reads from the control as the
  // page comes: a radio button or text at its default, a select at its
  // first option, a checkbox unchecked.
  const asIs = (c) => {
    if (isLogo(c) || c.input === 'checkbox') return '';
    if (c.input === 'select') return c.options?.[0] ?? '';
    if (c.input === 'pictures') return c.options?.includes(c.default) ? c.default : '';
    return c.swatch || c.style === 'fg' ? hex(c.default || '') : c.default || '';
  };
  // linked is what it reads once app.js's fillFromURL has set the control
  // from the link (controls.js, setValue and fillFromGradient). A link
  // never fills a secret or the logo.
  // A link's preset is read as app.js reads it: each control the link sets
  // itself, else the look's value (form.looks), else the control as it came.
  const look = new URLSearchParams(form.looks?.[link.get('preset')?.trim().toLowerCase()] ?? '');
  const linked = (c) => {
    const names = [c.name, ...(c.aliases || [])];
    const from = names.some((n) => link.has(n)) ? link : look;
    const name = names.find((n) => from.has(n));
    if (name === undefined || c.secret || isLogo(c)) return asIs(c);
    const v = from.get(name);
    const lower = v.toLowerCase();
    if (c.input === 'checkbox') return ['true', '1', 'yes', 'on'].includes(lower) ? 'true' : '';
    if (c.input === 'pictures') return c.options?.find((o) => o.toLowerCase() === lower) ?? '';
    if (c.input === 'select') return c.options?.find((o) => o.toLowerCase() === lower) ?? v;
    if (c.style === 'fg') return colour(v);
    if (perEye(c) && !v.includes(':') && v.split(',').length === 3) return eyes(v);
    if (c.input === 'textarea') return v;
    const input = document.createElement('input'); // the browser's own clean-up of a value (a number, a date)
    input.type = c.swatch ? 'text' : c.input;
    input.value = v;
    return c.swatch ? hex(input.value) : input.value;
  };
  // eyes is a colour per eye as the eyes' controls write it back
  // (controls.js, fillEyes and eyesOf): each a colour, an empty one the
  // first given.
  const perEye = (c) => c.style === 'eye_color' || c.style === 'eye_ball_color';
  const eyes = (v) => {
    const three = v.split(',').map((p) => {
      const input = document.createElement('input');
      input.value = p.trim();
      return hex(input.value);
    });
    const first = three.find((c) => c !== '');
    return first === undefined ? '' : three.map((c) => c || first).join(',');
  };
  // colour is the colour parameter as the fill's controls write it back:
  // a gradient gets its angle, a colour loses its #.
  const colour = (v) => {
    const [kind, rest] = v.split(':', 2);
    if (rest === undefined) return hex(v);
    const parts = rest.split(',');
    const stops = parts.filter((p) => !/deg$/i.test(p));
    const angle = parts.find((p) => /deg$/i.test(p));
    if (!['linear', 'radial'].includes(kind.toLowerCase()) || stops.length < 2) return v.trim();
    const [from, to] = [hex(stops[0]), hex(stops[stops.length - 1]) || '2c5364'];
    if (from === '') return '';
    if (kind.toLowerCase() === 'radial') return `radial:${from},${to}`;
    return `linear:${from},${to},${angle ? parseFloat(angle) : form.angle || '180'}deg`;
  };
  const values = new Map(form.controls.map((c) => [c, linked(c)]));

  // A field is needed when it is required, or a rule of its kind asks for
  // it unless another field has one of some values (a Wi-Fi password,
  // unless the network is open). The code is the link's own when a field
  // the user types in is filled, and complete when every needed field is:
  // a link never fills a secret, so a code that needs one waits.
  const fields = form.controls.filter((c) => c.field);
  const needed = (c) =>
    c.required ||
    (c.unless || []).some((u) => {
      const v = values.get(fields.find((f) => f.field === u.field)) ?? '';
      return v !== '' && !u.values.includes(v);
    });
  const typed = (c) => c.input !== 'select' && c.input !== 'checkbox';
  if (!fields.some((c) => typed(c) && values.get(c) !== '') || !fields.every((c) => values.get(c) !== '' || !needed(c))) return;

  // The query is the page's API URL (app.js, apiQuery): each control that
  // is not a secret or the logo, by its name, when set and not at its
  // default.
  const q = new URLSearchParams();
  for (const c of form.controls) {
    const v = values.get(c);
    if (c.secret || isLogo(c) || v === '' || v === (c.default || '')) continue;
    q.append(c.name, v);
  }
  const s = q.toString().replace(/\+/g, '%20');
  first.url = `/api/v1/${form.kind || 'qr'}?${s}${s ? '&' : ''}format=svg`;
  // A server that reads the link to the same URL sent the page with that
  // code in its code box, and its bytes here (core/link, Page).
  if (form.code && form.url === first.url) {
    first.svg = form.code;
    performance.mark('qr:first-code', { detail: 'page' });
    return;
  }

  // show puts the code in the page's code box once the parser has passed
  // it (the note after it exists).
  const show = () => {
    if (first.stop || first.svg) return;
    const box = document.getElementById('code');
    box.innerHTML = svg;
    box.classList.remove('blank');
    box.closest('.code-box').classList.remove('baked');
    box.setAttribute('aria-label', form.title ? `${form.title} QR code` : 'QR code');
    document.getElementById('code-tag').hidden = true;
    document.getElementById('code-note').hidden = true;
    first.svg = svg;
    performance.mark('qr:first-code', { detail: 'api' });
  };
  let svg = '';
  // place shows the code once the parser has passed the code box (the
  // note after it exists).
  const place = () => svg && !first.svg && document.getElementById('code-note') && show();
  const everyFrame = () => {
    place();
    if (!first.svg && document.readyState === 'loading') requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
  document.addEventListener('readystatechange', place, { once: true });
  first.done = fetch(first.url, { priority: 'high' })
    .then(async (res) => {
      if (!res.ok || !res.headers.get('content-type')?.startsWith('image/svg+xml')) return;
      svg = await res.text();
      place(); // else at the next frame, or once parsed
    })
    .catch(() => {}); // the program draws it
}
