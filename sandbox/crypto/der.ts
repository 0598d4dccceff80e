// A minimal DER reader and writer, enough for the sandbox's own P-256 keys: PKCS#8 and SEC1
// private keys, SPKI public keys (RFC 5208, RFC 5915, RFC 5480).

export interface Tlv {
  tag: number;
  /** The value's bytes. */
  value: Uint8Array;
  /** Offset just past this element in the buffer it was read from. */
  end: number;
}

export function readTlv(buf: Uint8Array, offset = 0): Tlv {
  if (offset + 2 > buf.length) throw new Error('DER: truncated element');
  const tag = buf[offset];
  let length = buf[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 3 || start + count > buf.length) throw new Error('DER: unsupported length');
    length = 0;
    for (let i = 0; i < count; i++) length = (length << 8) | buf[start + i];
    start += count;
  }
  const end = start + length;
  if (end > buf.length) throw new Error('DER: element runs past the end');
  return { tag, value: buf.subarray(start, end), end };
}

/** The elements of a constructed value (a SEQUENCE's or an explicit tag's contents). */
export function readChildren(value: Uint8Array): Tlv[] {
  const out: Tlv[] = [];
  for (let i = 0; i < value.length; ) {
    const child = readTlv(value, i);
    out.push(child);
    i = child.end;
  }
  return out;
}

export function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const head =
    length < 0x80 ? [tag, length] : length < 0x100 ? [tag, 0x81, length] : [tag, 0x82, length >> 8, length & 0xff];
  const out = new Uint8Array(head.length + length);
  out.set(head, 0);
  let i = head.length;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
}

export const SEQUENCE = 0x30;
export const INTEGER = 0x02;
export const BIT_STRING = 0x03;
export const OCTET_STRING = 0x04;
export const OID = 0x06;

export const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The first PEM block whose label is one of `labels` (any block when none are given). */
export function pemDecode(pem: string, labels: string[] = []): { label: string; der: Uint8Array } {
  const blocks = [...pem.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g)];
  if (!blocks.length) throw new Error('not a PEM block');
  const m = blocks.find((b) => !labels.length || labels.includes(b[1])) ?? blocks[0];
  const body = m[2].replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new Error('the PEM body is not base64');
  return { label: m[1], der: new Uint8Array(Buffer.from(body, 'base64')) };
}

export function pemEncode(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
