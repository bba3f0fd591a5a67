import { useMemo } from 'react';
import { useFormatDate } from '@/lib/format';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** ISO time -> "05-Jan-2026, 14:05": a conversation needs the time of day as well as the date. */
export function useFormatDateTime(): (value: string) => string {
  const formatDate = useFormatDate();
  return useMemo(
    () => (value: string) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : `${formatDate(date)}, ${clock.format(date)}`;
    },
    [formatDate],
  );
}
