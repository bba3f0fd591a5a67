/**
 * A text cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return: a shop named `=HYPERLINK(...)`) is kept as text by a leading apostrophe, as OWASP's
 * advice on CSV injection has it. A number (`-12.50`) stays a number.
 */
function inertCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[-+]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** A table as CSV (RFC 4180: CRLF line ends, a cell quoted when it holds a quote, comma or line end). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (raw: string) => {
    const value = inertCell(raw);
    return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Pence as pounds with two decimals, signed ("-12.50"), as a spreadsheet reads it. */
export const poundsCell = (pence: number): string => (pence / 100).toFixed(2);
