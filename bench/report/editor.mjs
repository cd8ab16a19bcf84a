import { targets } from "./targets.mjs";
import { exists, json } from "./lib.mjs";
// ---- editor ----------------------------------------------------------------

export const editor = exists("editor.json") ? json("editor.json") : null;
export const batchPage = exists("batch.json") ? json("batch.json") : null;
export const frame = targets.KEYSTROKE_MS;
export const keyTarget = editor && ["plain", "styled_label"].every((k) => editor.keystroke_ms[k].median <= frame);
export const editorGzipLimit = targets.EDITOR_GZIP_MAX;
