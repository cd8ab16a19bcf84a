import { exists, json, table } from "./lib.mjs";
// ---- verify ------------------------------------------------------------------

// The agreement set (core/scan TestWriteAgreementSet, e2e/agreement/agreement.mjs).
export const agreement = exists("agreement.json") ? json("agreement.json") : null;
export let verifySection = "";
if (agreement) {
  const a = agreement;
  const shotTable = table(["degradation (each in " + a.frames + " frames)", "zxing-cpp misses, of the codes called scannable", "pictures it misses", "jsQR misses"],
    Object.entries(a.scannable_unread_per_shot).map(([s, p]) => [s, `**${p.zxing_unread}**/${a.verify_scannable}`, `${p.zxing_unread_pictures}/${a.verify_scannable * a.frames}`, `${p.jsqr_unread}/${a.verify_scannable}`]));
  const versionTable = table(["versions", "codes", "called scannable", "zxing-cpp reads", "scannable, unread", "refused, read"],
    Object.entries(a.by_version).map(([v, r]) => [v, r.codes, r.scannable, r.zxing_reads, `**${r.broken}**`, r.refused_but_read]));
  verifySection = `
## Verify

The agreement set (\`core/scan\` TestWriteAgreementSet, read by \`e2e/agreement/agreement.mjs\`; the same set \`make test\` holds to):
${a.codes + a.refused_combinations} codes, every style and eye at versions 3 to 40 in black on white and in low-contrast colours, each photographed ${a.shots.length}
ways (${a.shots.map((s) => a.pitches ? `${s}: ${a.pitches[s].map((p) => +p.toFixed(2)).join(" and ")} px` : s).join("; ")}), ${a.frames} frames of different noise
each, each frame a little farther away (px: pixels a module as drawn), ${a.pictures} pictures, read by zxing-cpp (try-harder) and jsQR.
${a.refused_combinations} of them are combinations the eye table refuses with a 422 (zxing-cpp reads ${a.refused_combinations_read} of those after every
degradation); the figures below are of the other ${a.codes}, the codes the service draws.
A reader reads a code after a degradation when it reads one of its frames, as a phone's scanner reads frame after frame.

- Verify calls ${a.verify_scannable} scannable; zxing-cpp reads **${a.scannable_but_unread}** of them in no frame of some degradation
  (${a.scannable_with_a_picture_unread} with some single picture unread).
- Verify refuses **${a.refused_but_read}** of the ${a.zxing_reads} codes zxing-cpp reads after every degradation (${a.refused_but_read_pct}%).
- jsQR misses ${a.jsqr_misses_among_scannable} of the scannable codes zxing-cpp reads; ${a.jsqr_misses_warned} of those carry the warning that weaker
  scanners may struggle, as do ${a.warned_but_jsqr_reads} codes jsQR reads (${a.warned} warned in all).

${shotTable}

${versionTable}
${a.broken.length ? `\nScannable but unread: ${a.broken.join("; ")}\n` : ""}`;
}
