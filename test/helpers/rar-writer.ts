/**
 * Writes a minimal RAR 4 archive with stored (uncompressed) files, for tests of `sources fetch`: no tool here
 * can create RAR, and the official CMA download is one. Layout per the RAR 4 technote: marker block,
 * archive header, one file header + data per file, end-of-archive block; header CRCs are the low 16 bits of
 * CRC-32 over the header after its CRC field.
 */
import { crc32 } from 'node:zlib';

function header(type: number, flags: number, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(type, 0);
  head.writeUInt16LE(flags, 1);
  head.writeUInt16LE(7 + body.length, 3);
  const crc = crc32(Buffer.concat([head, body])) & 0xffff;
  const out = Buffer.alloc(2);
  out.writeUInt16LE(crc, 0);
  return Buffer.concat([out, head, body]);
}

export function writeStoredRar(files: Record<string, string | Buffer>): Buffer {
  const marker = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]);
  const archive = header(0x73, 0, Buffer.alloc(6));
  const parts = [marker, archive];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name.replace(/\//g, '\\'));
    const body = Buffer.alloc(25);
    body.writeUInt32LE(data.length, 0); // packed size
    body.writeUInt32LE(data.length, 4); // unpacked size
    body.writeUInt8(2, 8); // host OS: Windows
    body.writeUInt32LE(crc32(data) >>> 0, 9);
    body.writeUInt32LE(0x5b4a0000, 13); // DOS time 2025-10-10 00:00
    body.writeUInt8(20, 17); // version needed 2.0
    body.writeUInt8(0x30, 18); // method: store
    body.writeUInt16LE(nameBytes.length, 19);
    body.writeUInt32LE(0x20, 21); // attributes: archive
    parts.push(header(0x74, 0x8000, Buffer.concat([body, nameBytes])), data);
  }
  parts.push(header(0x7b, 0x4000, Buffer.alloc(0)));
  return Buffer.concat(parts);
}
