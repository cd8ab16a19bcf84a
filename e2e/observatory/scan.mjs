// Mozilla's HTTP Observatory (npm @mdn/mdn-http-observatory 1.4.8, its own
// tests and grader) scans the pages of each server given, as a new user's
// security review would:
//
//   - over http, every test but the two that need https (the redirect to
//     https and HSTS, which a browser ignores over http) passes;
//   - over https (a test certificate, made here, that the scanner trusts,
//     in front of the server), every test passes but the http-to-https
//     redirect, which Cloudflare's "Always Use HTTPS" makes
//     (docs/deploy.md, "HTTPS");
//   - with that redirect in front (a server answering http with a 301 to
//     https, as Cloudflare does), the page grades A+.
//
// The scanner's postinstall downloads two lists; it is installed with
// --ignore-scripts (e2e/run.sh) and the one the scanner reads, Chromium's
// HSTS preload list, is written here empty: no host of a test is on it.
// openssl makes the test certificate.
// Its scan() ignores its options (1.4.8 calls retrieve(hostname) alone),
// so scanPage runs the same steps with them: the scanner's retrieve, its
// tests and its grader, unchanged.
//
// Usage: node e2e/observatory/scan.mjs NAME=URL... [--out build/observatory.json]
// (after npm ci --ignore-scripts --prefix e2e/observatory)
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, "node_modules/@mdn/mdn-http-observatory");
fs.writeFileSync(path.join(pkg, "conf/hsts-preload.json"), "{}");

const { retrieve } = await import(path.join(pkg, "src/retriever/retriever.js"));
const { ALL_TESTS, NUM_TESTS } = await import(path.join(pkg, "src/constants.js"));
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(path.join(pkg, "src/grader/charts.js"));
const { getGradeForScore, getScoreModifier } = await import(path.join(pkg, "src/grader/grader.js"));

// scanPage is the scanner's scan() (src/scanner/index.js) with its
// options passed on: httpPort, httpsPort and path.
async function scanPage(hostname, options) {
  const r = await retrieve(hostname, options);
  if (!r.responses.auto) throw new Error(`${hostname} ${JSON.stringify(options)}: the site seems to be down`);
  const results = ALL_TESTS.map((test) => test(r));
  let passed = 0, extra = 100, uncurved = 100;
  for (const res of results) {
    if (!res.result) continue;
    res.scoreModifier = getScoreModifier(res.result);
    passed += res.pass ? 1 : 0;
    extra += res.scoreModifier;
    if (res.scoreModifier < 0) uncurved += res.scoreModifier;
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extra : uncurved);
  const tests = Object.fromEntries(results.map((t) => [t.name ?? t.constructor.name, t]));
  return { grade: final.grade, score: final.score, passed, of: NUM_TESTS, failed: Object.entries(tests).filter(([, t]) => !t.pass).map(([k, t]) => `${k}: ${t.result}`), tests };
}

// A certificate authority and a certificate for 127.0.0.1 it signed,
// made once in QR_TEST_PKI (default build/pki), which the scanner trusts
// through NODE_EXTRA_CA_CERTS; Node reads that as it starts, so the scan
// runs in a child started with it.
const pki = path.resolve(process.env.QR_TEST_PKI || "build/pki");
const ca = path.join(pki, "ca.crt");
if (process.env.NODE_EXTRA_CA_CERTS !== ca) {
  if (!fs.existsSync(path.join(pki, "server.crt"))) {
    fs.mkdirSync(pki, { recursive: true });
    const ssl = (...args) => execFileSync("openssl", args, { cwd: pki, stdio: "pipe" });
    ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "30", "-subj", "/CN=qrkeyless test CA",
      "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
    ssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
    fs.writeFileSync(path.join(pki, "ext.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n");
    ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days", "30", "-extfile", "ext.cnf");
  }
  const child = spawnSync(process.execPath, process.argv.slice(1), { stdio: "inherit", env: { ...process.env, NODE_EXTRA_CA_CERTS: ca } });
  process.exit(child.status ?? 1);
}

// listen starts server on a free port of 127.0.0.1 and returns the port.
const listen = (server) => new Promise((done) => server.listen(0, "127.0.0.1", () => done(server.address().port)));

// front is an https server that passes every request to target (an
// http URL) and its answer back as it came, headers included: the
// server under test, reached over TLS as at the edge.
async function front(target) {
  const to = new URL(target);
  const server = https.createServer({ key: fs.readFileSync(path.join(pki, "server.key")), cert: fs.readFileSync(path.join(pki, "server.crt")) }, (req, res) => {
    const up = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode, answer.rawHeaders);
      answer.pipe(res);
    });
    up.on("error", (err) => res.destroy(err));
    req.pipe(up);
  });
  return { server, port: await listen(server) };
}

// redirector answers every http request with Cloudflare's "Always Use
// HTTPS": a 301 to the same path over https, on port.
async function redirector(port) {
  const server = http.createServer((req, res) => {
    res.writeHead(301, { Location: `https://127.0.0.1:${port}${req.url}` });
    res.end();
  });
  return { server, port: await listen(server) };
}

const servers = process.argv.slice(2).filter((a) => a.includes("=")).map((a) => a.split("="));
const out = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : "build/observatory.json";
const pages = ["/", "/wifi", "/upi", "/batch", "/inspect", "/docs"];
// Over http the two tests that need https fail, and no other.
const needHTTPS = ["redirection: redirection-missing", "strict-transport-security: hsts-not-implemented-no-https"];
const results = [];
for (const [name, base] of servers) {
  const url = new URL(base);
  const tls = await front(base);
  const redirect = await redirector(tls.port);
  for (const page of pages) {
    const plain = await scanPage(url.hostname, { httpPort: Number(url.port), httpsPort: 1, path: page });
    assert.deepEqual(plain.failed.sort(), needHTTPS, `${name} ${page} over http: ${plain.grade} ${plain.score}`);
    // https, and http as the server answers it (no redirect).
    const secure = await scanPage("127.0.0.1", { httpPort: Number(url.port), httpsPort: tls.port, path: page });
    assert.deepEqual(secure.failed, ["redirection: redirection-missing"], `${name} ${page} over https: ${secure.grade} ${secure.score}`);
    // https, and http redirected to it as Cloudflare's Always Use HTTPS does.
    const deployed = await scanPage("127.0.0.1", { httpPort: redirect.port, httpsPort: tls.port, path: page });
    assert.deepEqual(deployed.failed, [], `${name} ${page} deployed: ${deployed.grade} ${deployed.score}`);
    assert.equal(deployed.grade, "A+", `${name} ${page} deployed: ${deployed.score}`);
    const row = { server: name, page, http: `${plain.grade} ${plain.score}`, https: `${secure.grade} ${secure.score}`, deployed: `${deployed.grade} ${deployed.score}`, passed: `${deployed.passed}/${deployed.of}` };
    results.push(row);
    console.log(`observatory: ${name} ${page}: over http ${row.http} (${plain.passed}/${plain.of}), over https ${row.https} (${secure.passed}/${secure.of}), with the redirect to https ${row.deployed} (${row.passed})`);
  }
  tls.server.close();
  redirect.server.close();
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(results, null, 1));
