/**
 * Strict decoding of the files the build reads. `fs.readFile(file, 'utf8')` turns every byte that is not UTF-8
 * into U+FFFD (�) without a word, so a mis-saved file would be published with � in it. Here a file that is not
 * valid UTF-8 (or, for the CMA best track, not ASCII) is a problem that names the line, column and byte.
 */

export interface BadByte {
  /** 1-based line of the first offending byte. */
  line: number;
  /** 1-based column, counted in bytes from the start of the line. */
  column: number;
  /** 0-based byte offset in the file. */
  offset: number;
  /** The offending byte. */
  byte: number;
}

export type Decoded = { ok: true; text: string } | { ok: false; bad: BadByte; message: string };

// ignoreBOM keeps a leading BOM in the text, as fs.readFile does: the parsers strip it themselves.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

function locate(bytes: Uint8Array, offset: number): BadByte {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1, offset, byte: bytes[offset] as number };
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence (Unicode table 3-7); -1 if none. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b === 0xe0) [need, lo] = [2, 0xa0];
    else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) need = 2;
    else if (b === 0xed) [need, hi] = [2, 0x9f];
    else if (b === 0xf0) [need, lo] = [3, 0x90];
    else if (b >= 0xf1 && b <= 0xf3) need = 3;
    else if (b === 0xf4) [need, hi] = [3, 0x8f];
    else return i;
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k];
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c === undefined || c < min || c > max) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Decodes UTF-8 or says where it is not. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const bad = locate(bytes, Math.max(offset, 0));
    return {
      ok: false,
      bad,
      message: `not valid UTF-8: byte ${hex(bad.byte)} at line ${bad.line}, column ${bad.column} (byte offset ${bad.offset}); save the file as UTF-8`,
    };
  }
}

/** Decodes ASCII (the CMA best track) or says where it is not, and how many bytes are not. */
export function decodeAscii(bytes: Uint8Array): Decoded {
  const offset = bytes.findIndex((b) => b >= 0x80);
  if (offset < 0) return { ok: true, text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1') };
  const bad = locate(bytes, offset);
  const count = bytes.reduce((n, b) => n + (b >= 0x80 ? 1 : 0), 0);
  return {
    ok: false,
    bad,
    message: `not ASCII: byte ${hex(bad.byte)} at line ${bad.line}, column ${bad.column}${count > 1 ? ` (and ${count - 1} more non-ASCII byte(s))` : ''}; a CMA best-track file is plain ASCII`,
  };
}
