import { describe, expect, it } from 'vitest';
import { formatMajorUnits, parseMajorUnits, parseTaxRate, unneutralise } from './csv-values';
import { parseCsv } from './parse-csv';

describe('catalogue CSV values', () => {
  it('reads prices strictly in major units of the currency', () => {
    expect(parseMajorUnits('3.50', 'EUR', false)).toBe(350);
    expect(parseMajorUnits('3.5', 'EUR', false)).toBe(350);
    expect(parseMajorUnits(' 3 ', 'EUR', false)).toBe(300);
    expect(parseMajorUnits('0', 'EUR', false)).toBe(0);
    expect(parseMajorUnits('', 'EUR', false)).toBeNull();
    expect(parseMajorUnits('350', 'JPY', false)).toBe(350);
    expect(parseMajorUnits('1.250', 'KWD', false)).toBe(1250);
    expect(parseMajorUnits('3,50', 'EUR', true)).toBe(350);
    for (const bad of ['3,50', '3.505', '-3', '+3', '€3', '1,000.00', '3.', '.5', '1e3', '1000000.00']) {
      expect(parseMajorUnits(bad, 'EUR', false), bad).toBe('invalid');
    }
    expect(parseMajorUnits('3.5', 'JPY', false)).toBe('invalid');
    expect(formatMajorUnits(350, 'EUR')).toBe('3.50');
    expect(formatMajorUnits(5, 'EUR')).toBe('0.05');
    expect(formatMajorUnits(350, 'JPY')).toBe('350');
    expect(formatMajorUnits(1250, 'KWD')).toBe('1.250');
  });

  it('reads tax rates from 0 to 100 with up to two decimals', () => {
    expect(parseTaxRate('19', false)).toBe(19);
    expect(parseTaxRate('7.7', false)).toBe(7.7);
    expect(parseTaxRate('7,5', true)).toBe(7.5);
    expect(parseTaxRate('', false)).toBeNull();
    for (const bad of ['101', '7.777', '-1', '19%', 'x'])
      expect(parseTaxRate(bad, false), bad).toBe('invalid');
  });

  it('drops the formula guard our exports add, and nothing else', () => {
    expect(unneutralise("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unneutralise("'-5")).toBe('-5');
    expect(unneutralise("'quoted'")).toBe("'quoted'");
  });

  it('parses RFC 4180 records with their spreadsheet row numbers', () => {
    const parsed = parseCsv('\uFEFFname,price\r\n"Soup, ""hot""",3\n\n"Two\nlines",4');
    expect(parsed).toEqual({
      ok: true,
      delimiter: ',',
      records: [
        { row: 1, cells: ['name', 'price'] },
        { row: 2, cells: ['Soup, "hot"', '3'] },
        { row: 4, cells: ['Two\nlines', '4'] },
      ],
    });
    expect(parseCsv('name;price\nTea;3,5')).toMatchObject({
      delimiter: ';',
      records: [{}, { cells: ['Tea', '3,5'] }],
    });
    expect(parseCsv('name\n"open')).toEqual({ ok: false, row: 2 });
  });
});
