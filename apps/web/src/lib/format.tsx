import { formatDate } from '@parade/core/dates';
import { defaultMoneyFormat, formatMoney, type MoneyFormat } from '@parade/core/money';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** How money and dates read on screen; the app layer fills it from the site settings. */
export interface DisplayFormat {
  money: MoneyFormat;
  /** A pattern for formatDate, e.g. DD-MMM-YYYY. */
  dateFormat?: string;
}

const DisplayFormatContext = createContext<DisplayFormat>({ money: defaultMoneyFormat });

export function DisplayFormatProvider({ value, children }: { value: DisplayFormat; children: ReactNode }) {
  return <DisplayFormatContext.Provider value={value}>{children}</DisplayFormatContext.Provider>;
}

/** The site's currency and locale, for the core helpers that word money themselves (e.g. "£2 off"). */
export function useMoneyFormat(): MoneyFormat {
  return useContext(DisplayFormatContext).money;
}

/** pence -> "£4.50" in the site's currency and locale. */
export function useFormatMoney(): (pence: number) => string {
  const { money } = useContext(DisplayFormatContext);
  return useMemo(() => (pence: number) => formatMoney(pence, money), [money]);
}

/** ISO date -> "05-Jan-2026" (or the settings' format). */
export function useFormatDate(): (value: string | Date) => string {
  const { money, dateFormat } = useContext(DisplayFormatContext);
  return useMemo(
    () => (value: string | Date) => formatDate(value, { format: dateFormat, locale: money.locale }),
    [dateFormat, money.locale],
  );
}
