// Checks every exchange the e2e suites recorded (QR_CONTRACT_LOG, written
// by e2e/main_test.go and record.mjs) against the OpenAPI description:
// the operation exists for the path and method (else the answer must be
// the 404 or 405 problem), the status is declared, the content type is one
// the response declares, required headers are there and match, and a JSON
// body (or each event of an event stream) validates against its schema
// with a JSON Schema 2020-12 validator (ajv).
// Usage: node e2e/contract/validate.mjs LOG BASE_URL [BASE_URL...]
// The description is fetched from each server; they must agree.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [log, ...bases] = process.argv.slice(2);
if (!log || !bases.length) throw new Error("usage: node e2e/contract/validate.mjs LOG BASE_URL [BASE_URL...]");

const docs = await Promise.all(bases.map(async (b) => (await fetch(new URL("/openapi.json", b))).json()));
for (const [i, d] of docs.entries()) {
  if (!isDeepStrictEqual(d, docs[0])) throw new Error(`${bases[i]}/openapi.json differs from ${bases[0]}'s`);
}
const doc = docs[0];

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema(doc, "openapi");
const validators = new Map();
const validate = (pointer, value) => {
  if (!validators.has(pointer)) validators.set(pointer, ajv.compile({ $ref: `openapi#${pointer}` }));
  const v = validators.get(pointer);
  return v(value) ? null : ajv.errorsText(v.errors, { dataVar: "body" });
};
const esc = (s) => s.replaceAll("~", "~0").replaceAll("/", "~1");
// resolve follows $ref; it returns the object and its JSON pointer.
const resolve = (obj, pointer) => {
  while (obj && obj.$ref) {
    pointer = obj.$ref.slice(1);
    obj = pointer.split("/").slice(1).reduce((o, p) => o[p.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  }
  return [obj, pointer];
};

const paths = Object.keys(doc.paths);
const templated = paths.filter((p) => p.includes("{")).map((p) => [p, new RegExp("^" + p.replace(/\{[^}]+\}/g, "[^/]+") + "$")]);
const pathOf = (path) => (doc.paths[path] ? path : templated.find(([, re]) => re.test(path))?.[0]);
const api = (path) => /^\/(api\/|q\/|openapi\.json$|llms)/.test(path);

const failures = [];
const counts = new Map();
let site = 0;
const records = readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

for (const r of records) {
  const url = new URL(r.url, "http://x");
  const where = `${r.source} ${r.method} ${r.url.slice(0, 120)} → ${r.status}`;
  const fail = (why) => failures.push(`${where}: ${why}`);
  const path = pathOf(url.pathname);
  const method = r.method.toLowerCase();
  let op, opPointer, id;
  if (!path) {
    if (!api(url.pathname) && r.status !== 404) {
      site++; // the editor's pages and files: not the API's
      continue;
    }
    id = "(no such path)";
    [op, opPointer] = [{ responses: { 404: { $ref: "#/components/responses/Problem" } } }, ""];
  } else if (!doc.paths[path][method]) {
    id = `(${r.method} ${path})`;
    [op, opPointer] = [{ responses: { 405: { $ref: "#/components/responses/MethodNotAllowed" } } }, ""];
  } else {
    op = doc.paths[path][method];
    opPointer = `/paths/${esc(path)}/${method}`;
    id = op.operationId;
  }
  const key = `${id}\t${r.status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);

  const declared = op.responses[String(r.status)] ? String(r.status) : op.responses[`${String(r.status)[0]}XX`] ? `${String(r.status)[0]}XX` : op.responses.default ? "default" : null;
  if (!declared) {
    fail(`status not declared for ${id} (declared: ${Object.keys(op.responses).join(", ")})`);
    continue;
  }
  const [res, resPointer] = resolve(op.responses[declared], `${opPointer}/responses/${esc(declared)}`);

  for (const [name, h] of Object.entries(res.headers ?? {})) {
    const [header, headerPointer] = resolve(h, `${resPointer}/headers/${esc(name)}`);
    const value = r.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) fail(`required header ${name} missing`);
      continue;
    }
    const [schema] = resolve(header.schema, `${headerPointer}/schema`);
    const v = schema?.type === "integer" ? Number(value) : value;
    const err = validate(`${headerPointer}/schema`, v);
    if (err) fail(`header ${name}: ${JSON.stringify(value)}: ${err}`);
  }

  const ct = (r.headers["content-type"] ?? "").split(";")[0].trim();
  const empty = r.length === 0 || r.method === "HEAD" || r.status === 304 || r.status === 204;
  if (empty) continue;
  if (!res.content) {
    fail(`a body (${ct}, ${r.length} bytes) where ${id} ${declared} declares none`);
    continue;
  }
  if (!res.content[ct]) {
    fail(`content type ${JSON.stringify(ct)} not declared (declared: ${Object.keys(res.content).join(", ")})`);
    continue;
  }
  if (r.body === undefined) continue;
  const schemaPointer = `${resolve(res.content[ct], `${resPointer}/content/${esc(ct)}`)[1]}/schema`;
  let bodies;
  if (ct === "application/json" || ct === "application/problem+json") {
    try {
      bodies = [JSON.parse(r.body)];
    } catch (e) {
      fail(`body is not JSON: ${e.message}`);
      continue;
    }
  } else if (ct === "text/event-stream") {
    // Each event's data is a JSON-RPC message, as the JSON answer would be.
    bodies = r.body.split(/\n\n/).flatMap((ev) => ev.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5))));
    const json = res.content["application/json"];
    if (!json) {
      fail("an event stream where no JSON form is declared");
      continue;
    }
    const ptr = `${resolve(json, `${resPointer}/content/application~1json`)[1]}/schema`;
    for (const b of bodies) {
      const err = validate(ptr, b);
      if (err) fail(`event: ${err}`);
    }
    continue;
  } else {
    bodies = [r.body];
  }
  for (const b of bodies) {
    const err = validate(schemaPointer, b);
    if (err) fail(`${err}; body ${r.body.slice(0, 200)}`);
  }
}

const byOp = new Map();
for (const [key, n] of counts) {
  const [id, status] = key.split("\t");
  byOp.set(id, { ...(byOp.get(id) ?? {}), [status]: n });
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`contract: ${total} responses checked against /openapi.json (${records.length} recorded, ${site} editor files left out), ${byOp.size} operations:`);
for (const [id, statuses] of [...byOp].sort()) {
  console.log(`  ${id}: ${Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(" ")}`);
}
if (failures.length) {
  console.error(`contract: ${failures.length} responses disagree with the description:`);
  for (const f of failures.slice(0, 40)) console.error("  " + f);
  process.exit(1);
}
