/** The last `count` months, newest first, as `YYYY-MM` values with British labels ("November 2026"). */
export function recentMonths(count: number, now = new Date()): { value: string; label: string }[] {
  const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  const months: { value: string; label: string }[] = [];
  for (let back = 0; back < count; back++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15));
    const value = `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}`;
    months.push({ value, label: label.format(day) });
  }
  return months;
}

export const monthLabel = (month: string): string =>
  recentMonths(1, new Date(`${month}-15T12:00:00Z`))[0]?.label ?? month;
