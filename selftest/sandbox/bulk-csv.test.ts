// The sandbox's CSV reading for bulk customer upload (supplement section 24): RFC 4180 quoting,
// CRLF or LF rows, blank lines ignored.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../sandbox/customers/bulk.js';

describe('sandbox bulk CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF rows, and skips blank lines', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","multi\nline"\n\n1,,3\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'multi\nline'],
      ['1', '', '3'],
    ]);
  });

  it('keeps a last row without a line break', () => {
    expect(parseCsv('h1,h2\nv1,v2')).toEqual([['h1', 'h2'], ['v1', 'v2']]);
  });
});
