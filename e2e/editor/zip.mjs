// unzip reads a ZIP file's entries from its central directory: stored and
// deflated ones, which is what the service and the batch page write.
import { inflateRawSync } from 'node:zlib';

export function unzip(buf) {
  return new Map([...entries(buf)].map(([name, e]) => [name, e.data]));
}

// entries reads each entry's data and its general purpose flags (bit 11,
// 0x800, says the name is UTF-8).
export function entries(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error(`central directory entry ${i} is broken`);
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataAt, dataAt + size);
    files.set(name, { flags, data: method === 0 ? data : inflateRawSync(data) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}
