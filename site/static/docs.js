// The API reference's examples: each operation's example is sent when it
// comes into view, and its form sends it again with the reader's changes;
// the answer (a picture, JSON, text, or the headers of HEAD and OPTIONS)
// shows under it, and the curl line follows the form. The page reads
// without this script: a GET form then sends itself, and a picture shows.

const origin = document.getElementById('origin');
if (origin) origin.textContent = location.origin;

const live = Object.assign(document.createElement('p'), { className: 'sr', role: 'status' });
document.body.append(live);

// request is the form's request: its method, its path and query, its body.
function request(form) {
  const method = form.dataset.method;
  const whole = form.querySelector('[data-url-input]');
  if (whole) return { method, url: whole.value.trim() };
  let path = form.dataset.path;
  const pathInput = form.querySelector('[data-path-param]');
  if (pathInput) path = path.replace(`{${pathInput.dataset.pathParam}}`, encodeURIComponent(pathInput.value));
  const q = new URLSearchParams();
  for (const input of form.querySelectorAll('input[name]')) if (input.value !== '') q.append(input.name, input.value);
  const query = q.toString().replace(/\+/g, '%20');
  const body = form.querySelector('[data-body]');
  return { method, url: path + (query ? `?${query}` : ''), body: body ? body.value : undefined, type: form.dataset.bodyType };
}

// curl writes the request as the curl line does.
function curl(r, picture) {
  const url = `"$QR${r.url}"`;
  if (r.method === 'HEAD') return `curl -I ${url}`;
  if (r.method === 'OPTIONS') return `curl -i -X OPTIONS ${url}`;
  if (r.body !== undefined) return `curl ${url} -H 'Content-Type: ${r.type}' -d '${r.body.replace(/'/g, "'\\''")}'`;
  if (r.method === 'GET') return picture ? `curl -o qr.png ${url}` : `curl ${url}`;
  return `curl -i -X ${r.method} ${url}`;
}

const shown = ['content-type', 'content-length', 'cache-control', 'etag', 'allow', 'access-control-allow-methods', 'retry-after', 'x-qr-cache', 'x-qr-version', 'x-qr-ec', 'x-qr-contrast', 'x-qr-verified', 'x-qr-failed'];

const sent = new WeakMap(); // form -> the number of its latest send

async function send(form, byReader) {
  const mine = (sent.get(form) || 0) + 1;
  sent.set(form, mine);
  const r = request(form);
  const box = form.parentElement.querySelector('[data-answer]');
  const code = form.parentElement.querySelector('.curl code');
  code.textContent = curl(r, box.dataset.picture === 'true');
  box.setAttribute('aria-busy', 'true');
  let res;
  try {
    const init = { method: r.method };
    if (r.body !== undefined) init.body = r.body, (init.headers = { 'Content-Type': r.type });
    res = await fetch(r.url, init);
  } catch (err) {
    box.replaceChildren(Object.assign(document.createElement('p'), { className: 'error', textContent: `Not sent: ${err.message}` }));
    box.removeAttribute('aria-busy');
    return;
  }
  const type = (res.headers.get('content-type') || '').split(';')[0];
  const blob = r.method === 'HEAD' || res.status === 204 || res.status === 304 ? null : await res.blob();
  if (sent.get(form) !== mine) return; // a later send answers
  const parts = [];
  const status = Object.assign(document.createElement('p'), { className: 'status-line' });
  status.append(Object.assign(document.createElement('strong'), { textContent: `${res.status} ${res.statusText}` }), blob ? ` · ${type} · ${blob.size.toLocaleString('en')} bytes` : type ? ` · ${type}` : '');
  parts.push(status);
  const headers = [...res.headers].filter(([k]) => shown.includes(k.toLowerCase()));
  if (headers.length) {
    const pre = Object.assign(document.createElement('pre'), { className: 'headers', textContent: headers.map(([k, v]) => `${k}: ${v}`).join('\n') });
    parts.push(pre);
  }
  if (blob && type.startsWith('image/')) {
    const img = Object.assign(document.createElement('img'), { src: URL.createObjectURL(blob), alt: `The answer to ${r.method} ${r.url}: ${type === 'image/svg+xml' ? 'an SVG' : 'a PNG'} image`, className: 'picture-answer' });
    parts.push(img);
  } else if (blob && (type.includes('json') || type.startsWith('text/'))) {
    let text = await blob.text();
    if (type.includes('json')) {
      try {
        text = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // shown as sent
      }
    }
    const cut = text.length > 6000 ? `${text.slice(0, 6000)}\n… (${(text.length - 6000).toLocaleString('en')} more characters)` : text;
    parts.push(Object.assign(document.createElement('pre'), { className: 'body', textContent: cut, tabIndex: 0 }));
  } else if (blob && blob.size) {
    const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: '', textContent: `Save the ${type} answer` });
    parts.push(Object.assign(document.createElement('p'), {}));
    parts[parts.length - 1].append(a);
  }
  // An answer replaced may still be read (saved, copied): its picture's
  // address lives a minute more.
  for (const old of box.querySelectorAll('img, a[download]')) {
    const url = old.src || old.href;
    if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  box.replaceChildren(...parts);
  box.dataset.status = String(res.status);
  box.removeAttribute('aria-busy');
  if (byReader) live.textContent = `${r.method} ${r.url.split('?')[0]}: ${res.status} ${res.statusText}`;
}

// Examples in view are sent one at a time, in order, each once.
const queue = [];
let busy = false;
async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const form = queue.shift();
    if (!sent.has(form)) await send(form, false);
  }
  busy = false;
}

const seen = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      queue.push(e.target);
    }
    drain();
  },
  { rootMargin: '200px' },
);

for (const form of document.querySelectorAll('form.try-form')) {
  const box = form.parentElement.querySelector('[data-answer]');
  box.dataset.picture = String(Boolean(box.querySelector('noscript')?.textContent.includes('<img')));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    send(form, true);
  });
  form.addEventListener('input', () => {
    form.parentElement.querySelector('.curl code').textContent = curl(request(form), box.dataset.picture === 'true');
  });
  seen.observe(form);
}
