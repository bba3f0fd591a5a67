import { describe, expect, it } from 'vitest';
import { poundsCell, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes a cell holding a quote, comma or line end, with CRLF line ends', () => {
    expect(
      toCsv([
        ['Shop', 'Note'],
        ['Rise, and Crumb', 'a "good"\nday'],
      ]),
    ).toBe('Shop,Note\r\n"Rise, and Crumb","a ""good""\nday"\r\n');
  });

  it('keeps a cell a spreadsheet would run as a formula as text, and a negative amount a number', () => {
    const csv = toCsv([
      ['=HYPERLINK("http://evil.example","Click") Café', '+44 20', '@SUM(A1)', '-cmd', poundsCell(-1250), '+3'],
    ]);
    expect(csv).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"") Café",'+44 20,'@SUM(A1),'-cmd,-12.50,+3\r\n`);
  });
});
