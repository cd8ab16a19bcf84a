// The header of BENCHMARKS.md and of the sections make soak and make load
// write: the command that made the figures, the machine it ran on and the
// commit it measured, and nothing about earlier runs (history is git's).
//
// A run records its commit as it starts (bench/run.sh: node
// bench/report/header.mjs --json > build/bench/run.json), since the run
// itself writes files of the tree (docs/bench-encode.svg, bench/peers's
// go.sum) and would otherwise call its own commit dirty.
//
//   node bench/report/header.mjs --json ["$(go version)"]   the run's facts, as JSON
//   node bench/report/header.mjs ["$(go version)"]          the header, as Markdown
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

// machine describes this computer: CPU model, cores, memory, OS (the
// distribution's name where /etc/os-release gives it), Go and Node.
export function machine(goVersion = goVersionOf()) {
  let system = `${os.type()} ${os.release()} ${os.arch()}`;
  try {
    const name = fs.readFileSync("/etc/os-release", "utf8").match(/^PRETTY_NAME="?([^"\n]*)"?$/m)?.[1];
    if (name) system = `${name} (${system})`;
  } catch {
    // not Linux, or no os-release: the kernel's name will do
  }
  return {
    cpu: os.cpus()[0]?.model?.trim() || "unknown CPU",
    cores: os.cpus().length,
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: system,
    go: goVersion.replace(/^go version /, ""),
    node: process.version,
  };
}

function goVersionOf() {
  try {
    return execFileSync("go", ["version"], { encoding: "utf8" }).trim();
  } catch {
    return "no go";
  }
}

// commit is the commit checked out in dir and whether the tree differs
// from it (a change to a tracked file, or a file git does not ignore).
export function commit(dir = process.cwd()) {
  const git = (...args) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();
  try {
    return { hash: git("rev-parse", "HEAD"), dirty: git("status", "--porcelain") !== "" };
  } catch {
    return { hash: "unknown (not a git checkout)", dirty: false };
  }
}

// facts are what a run records as it starts.
export function facts(goVersion, dir) {
  return { command: "make bench", date: new Date().toISOString(), machine: machine(goVersion), commit: commit(dir) };
}

// describe writes a machine in one line (one recorded as a line already
// stays as it is).
export const describe = (m) => (typeof m === "string" ? m : `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}; ${m.go}, Node ${m.node}`);

// describeCommit writes a commit, marked dirty when the tree had changes.
export const describeCommit = (c) => `${c.hash}${c.dirty ? " (dirty: the tree had uncommitted changes)" : ""}`;

// header is the opening of BENCHMARKS.md for a run's facts.
export function header(f) {
  return `# Benchmarks

Written by \`${f.command}\` (bench/run.sh, then bench/report.mjs); do not edit by hand. The Soak, Load and The collector sections are
written by \`make soak\`, \`make load\` and \`make collector\`, each under its own command, machine and commit, and carried over by \`${f.command}\`.

- Command: \`${f.command}\` from a checkout (it runs \`npm ci\` and \`make build\` first), started ${f.date.slice(0, 16).replace("T", " ")} UTC.
- Machine: ${describe(f.machine)}.
- Commit: ${describeCommit(f.commit)}.`;
}

// sectionHeader is the first line of a section another command writes
// (make soak, make load) into BENCHMARKS.md.
export function sectionHeader(command, script, f = facts()) {
  return `Written by \`${command}\` (${script}) at commit ${describeCommit(f.commit)}, started ${f.date.slice(0, 16).replace("T", " ")} UTC; ${describe(f.machine)}.`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const args = process.argv.slice(2);
  const json = args[0] === "--json";
  const f = facts(json ? args[1] : args[0]);
  console.log(json ? JSON.stringify(f) : header(f));
}
