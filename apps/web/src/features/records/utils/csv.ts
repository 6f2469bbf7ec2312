/**
 * CSV as RFC 4180 has it: fields separated by commas, records by CRLF, a
 * field quoted when it holds a comma, a quote, a line break or edge spaces,
 * its quotes doubled. A text that a spreadsheet would run as a formula
 * (= + - @ at the start, not a number) is prefixed with an apostrophe.
 */
export type CsvCell = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (Arabic, Chinese headers). */
export function csvBlob(csv: string): Blob {
  return new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
}

/** Saves a CSV through a temporary object URL and a download link. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(csvBlob(csv));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
