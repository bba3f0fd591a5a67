/**
 * `<input type="datetime-local">` speaks the browser's own zone without an offset
 * ("2026-11-23T14:05"); the API speaks ISO instants. These turn one into the other.
 */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** '' -> null; a local date-time -> its ISO instant; anything unreadable is sent as typed, for the schema to refuse. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
