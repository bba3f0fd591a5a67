import { Alert } from '@mantine/core';
import { holidayNotice } from '@parade/core/holiday';
import { IconBeach } from '@tabler/icons-react';

/**
 * A shop on holiday takes no orders: this says so on its pages and its products' pages, in the
 * shop's own words or a sentence naming it (core's holidayNotice, the words checkout refuses
 * with). A status, not an alert: it is not news the shopper caused. Nothing while the shop is open.
 */
export function HolidayNotice({
  shop,
  id,
}: {
  shop: { name: string; holiday_mode?: boolean; holiday_message?: string | null };
  /** For the controls it explains to point at (aria-describedby). */
  id?: string;
}) {
  const notice = holidayNotice(shop);
  if (!notice) return null;
  // The shop's own words ("Back on Monday") need the fact above them; the default sentence says it.
  const ownWords = Boolean(shop.holiday_message?.trim());
  return (
    <Alert
      id={id}
      role="status"
      color="secondary"
      variant="light"
      title={ownWords ? `${shop.name} is on holiday and not taking orders` : undefined}
      icon={<IconBeach aria-hidden />}
      data-testid="holiday-notice"
    >
      {notice}
    </Alert>
  );
}
