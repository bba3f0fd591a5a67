import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/en-gb';
import { DateTimePicker } from '@mantine/dates';

/**
 * A date and time in a form, shown the British way (25/11/2026 14:05) whatever the browser's
 * language: `<input type="datetime-local">` follows the browser's locale and showed mm/dd/yyyy to
 * staff with an American browser (issue 23). The form keeps the value as before, local
 * "YYYY-MM-DDTHH:mm" ("" for none), so lib/local-date-time.ts converts it to and from the API.
 */
export function DateTimeField({
  label,
  description,
  required,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  required?: boolean;
  /** What `form.getInputProps` gives: optional in its type, always a string in these forms. */
  value?: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}) {
  return (
    <DateTimePicker
      label={label}
      description={description}
      required={required}
      error={error}
      // Mantine speaks "YYYY-MM-DD HH:mm:ss"; the form speaks datetime-local's "YYYY-MM-DDTHH:mm".
      value={value ? `${value.replace('T', ' ')}:00`.slice(0, 19) : null}
      onChange={(next) => onChange(next ? next.slice(0, 16).replace(' ', 'T') : '')}
      valueFormat="DD/MM/YYYY HH:mm"
      locale="en-gb"
      firstDayOfWeek={1}
      clearable={!required}
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      submitButtonProps={{ 'aria-label': `Set ${label.toLowerCase()}` }}
    />
  );
}
