/** One CSV record and its number as a spreadsheet shows it (the header is record 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[]; delimiter: ',' | ';' } | { ok: false; row: number };

/**
 * RFC 4180 records: quoted cells may hold the delimiter, `""` and line breaks; CRLF, LF or CR
 * end a record; a UTF-8 byte order mark is dropped. The delimiter is a comma, or a semicolon when
 * the header line has semicolons and no comma (spreadsheets in locales whose decimal mark is a
 * comma save CSV that way). Blank records keep their number but are left out.
 */
export function parseCsv(text: string): CsvParse {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r|\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let row = 1;
  let i = 0;
  let quoted = false;
  let quoteStartRow = 1;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ row, cells });
    cells = [];
    cell = '';
    row += 1;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      quoteStartRow = row;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
    } else cell += c;
    i += 1;
  }
  if (quoted) return { ok: false, row: quoteStartRow };
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, records, delimiter };
}
