import { describe, expect, it } from 'vitest';
import { buildCsv, csvBlob, csvField } from './csv';

/** jsdom's Blob has no arrayBuffer(); FileReader reads it as a browser would. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('csv', () => {
  it('leaves plain fields as they are and empties null', () => {
    expect(csvField('BTCUSDT')).toBe('BTCUSDT');
    expect(csvField('1234.5')).toBe('1234.5');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('1,234.50')).toBe('"1,234.50"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('defuses text a spreadsheet would run as a formula, but not signed numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('+3')).toBe('+3');
  });

  it('joins header and rows with commas and CRLF, ending in CRLF', () => {
    const csv = buildCsv(
      ['Time', 'Pair', 'Note'],
      [
        ['2026-11-23 10:00:00', 'BTCUSDT', 'a, b'],
        ['2026-11-23 11:00:00', 'ETHUSDT', null],
      ],
    );
    expect(csv).toBe(
      'Time,Pair,Note\r\n2026-11-23 10:00:00,BTCUSDT,"a, b"\r\n2026-11-23 11:00:00,ETHUSDT,\r\n',
    );
  });

  it('keeps non-Latin headers intact and marks the file as UTF-8', async () => {
    const csv = buildCsv(['الوقت', '时间'], [['1', '2']]);
    const blob = csvBlob(csv);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(csv);
  });
});
