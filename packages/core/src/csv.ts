/** A table as CSV (RFC 4180: CRLF line ends, a cell quoted when it holds a quote, comma or line end). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Pence as pounds with two decimals, signed ("-12.50"), as a spreadsheet reads it. */
export const poundsCell = (pence: number): string => (pence / 100).toFixed(2);
