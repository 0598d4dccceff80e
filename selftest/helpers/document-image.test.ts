// The uploads' files (fixtures/document-image.ts) are whole files of their format: the PNG and the
// JPEG decode (by pngjs and jpeg-js) to the size of a scanned identity card, the PDF loads (pdf-lib)
// with its one page, and each weighs a few dozen kilobytes, well inside the 10 MB limit (supplement 14).
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_IMAGE_SIZE, documentImage, documentJpeg, documentPdf } from '../../fixtures/document-image.js';

const sensible = (bytes: Buffer) => {
  expect(bytes.length).toBeGreaterThan(2_000);
  expect(bytes.length).toBeLessThan(1_000_000);
};

describe('the document files', () => {
  it('the PNG decodes to the card size', () => {
    const bytes = documentImage();
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const decoded = PNG.sync.read(bytes);
    expect({ width: decoded.width, height: decoded.height }).toEqual(DOCUMENT_IMAGE_SIZE);
    sensible(bytes);
  });

  it('the JPEG decodes to the card size', () => {
    const bytes = documentJpeg();
    expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    const decoded = jpeg.decode(bytes);
    expect({ width: decoded.width, height: decoded.height }).toEqual(DOCUMENT_IMAGE_SIZE);
    sensible(bytes);
  });

  it('the PDF loads, with one page', async () => {
    const bytes = await documentPdf();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    sensible(bytes);
  });
});
