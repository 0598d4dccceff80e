// The Allure results archive a signed certification names by its digest: the same files give the
// same bytes whatever their times, modes and the order the folder lists them in, and another content
// gives another archive. A tar reader finds every file in it, under allure-results/, in sorted
// order, with its content.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLURE_ARCHIVE, archiveAllureResults } from '../../helpers/report/allure-archive.js';

const temp = mkdtempSync(join(tmpdir(), 'svc-allure-archive-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let n = 0;
function resultsFolder(files: [string, string][]): string {
  const dir = join(temp, `reports-${n++}`);
  for (const [name, text] of files) {
    mkdirSync(join(dir, 'allure-results', name, '..'), { recursive: true });
    writeFileSync(join(dir, 'allure-results', name), text);
  }
  return dir;
}

async function entries(archive: Buffer): Promise<{ name: string; type: string; mtime: number; text: string }[]> {
  const out: { name: string; type: string; mtime: number; text: string }[] = [];
  const extract = tar.extract();
  const done = new Promise<void>((ok, fail) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        out.push({ name: header.name, type: header.type ?? '', mtime: header.mtime?.getTime() ?? -1, text: Buffer.concat(chunks).toString('utf8') });
        next();
      });
    });
    extract.on('finish', ok);
    extract.on('error', fail);
  });
  extract.end(archive);
  await done;
  return out;
}

describe('the Allure results archive', () => {
  const files: [string, string][] = [
    ['b-result.json', '{"name":"b"}'],
    ['a-result.json', '{"name":"a"}'],
    ['sub/c-attachment.txt', 'attachment'],
  ];

  it('holds every file in sorted order with fixed times, and gives the same bytes for the same files', async () => {
    const one = resultsFolder(files);
    const two = resultsFolder([...files].reverse());
    utimesSync(join(two, 'allure-results', 'a-result.json'), new Date('2001-02-03'), new Date('2001-02-03'));
    chmodSync(join(two, 'allure-results', 'b-result.json'), 0o600);
    expect(await archiveAllureResults(one)).toBe(true);
    expect(await archiveAllureResults(two)).toBe(true);
    const a = readFileSync(join(one, ALLURE_ARCHIVE));
    expect(readFileSync(join(two, ALLURE_ARCHIVE)).equals(a)).toBe(true);
    expect(await entries(a)).toEqual([
      { name: 'allure-results', type: 'directory', mtime: 0, text: '' },
      { name: 'allure-results/a-result.json', type: 'file', mtime: 0, text: '{"name":"a"}' },
      { name: 'allure-results/b-result.json', type: 'file', mtime: 0, text: '{"name":"b"}' },
      { name: 'allure-results/sub', type: 'directory', mtime: 0, text: '' },
      { name: 'allure-results/sub/c-attachment.txt', type: 'file', mtime: 0, text: 'attachment' },
    ]);
  });

  it('changes with one byte of one file', async () => {
    const one = resultsFolder(files);
    const two = resultsFolder([['b-result.json', '{"name":"c"}'], ...files.slice(1)]);
    await archiveAllureResults(one);
    await archiveAllureResults(two);
    expect(readFileSync(join(two, ALLURE_ARCHIVE)).equals(readFileSync(join(one, ALLURE_ARCHIVE)))).toBe(false);
  });

  it('is not written where the run left no results folder', async () => {
    const dir = join(temp, 'no-results');
    mkdirSync(dir);
    expect(await archiveAllureResults(dir)).toBe(false);
  });
});
