import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/en-gb';
import { DateInput } from '@mantine/dates';
import { useEffect, useState } from 'react';

/** "25/11/2026" (or 25-11-2026, 25.11.2026) -> "2026-11-25"; null when it is no date. */
export function parseUkDate(typed: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** What is wrong with text typed into a date filter, or null when it is a date (or nothing). */
export function typedDateError(typed: string): string | null {
  const text = typed.trim();
  if (!text || parseUkDate(text)) return null;
  return /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(text)
    ? `There is no ${text}: check the day and the month.`
    : 'Type the date as dd/mm/yyyy.';
}

/**
 * A list's date filter, shown and typed the British way (dd/mm/yyyy) whatever the browser's
 * language: a native date input follows the browser's locale, and showed mm/dd/yyyy to
 * shopkeepers with an American browser (issue 23). The value stays the API's YYYY-MM-DD. Text
 * that is no date (31/02/2026, 2026-11-25) is said to be so when the field is left: the input
 * goes back to the date it had, which would otherwise look like the typing was ignored.
 */
export function DateFilterInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's refusal of this date (a range backwards or too long), shown under it. */
  error?: string;
}) {
  const [typedError, setTypedError] = useState<string | null>(null);
  // A date set from elsewhere (Back, a link with other filters) replaces what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the value changes
  useEffect(() => setTypedError(null), [value]);
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(next) => {
        setTypedError(null);
        onChange(next ?? '');
      }}
      onBlur={(event) => setTypedError(typedDateError(event.currentTarget.value))}
      valueFormat="DD/MM/YYYY"
      dateParser={parseUkDate}
      placeholder="dd/mm/yyyy"
      locale="en-gb"
      firstDayOfWeek={1}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      error={typedError ?? error}
      w={150}
    />
  );
}
