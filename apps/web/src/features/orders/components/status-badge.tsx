import { Badge, type BadgeProps } from '@mantine/core';
import { statusBadge } from '@parade/core/status-badge';

/** Spec section 4's colour names mapped onto the theme's palettes. */
const badgeColour = {
  info: 'secondary',
  warning: 'yellow',
  primary: 'primary',
  accent: 'accent',
  success: 'green',
  error: 'error',
} as const;

/**
 * Yellow text on a light yellow badge is unreadable (axe: 1.9:1), so the warning badge keeps its
 * yellow background with dark amber text (about 7:1).
 */
const warningText = '#6B4A00';
/** Mantine's green on light green is below AA at badge size too (DELIVERED, ACCEPTED): dark green text (about 6:1). */
const successText = '#1E6B31';
const labelColour: Partial<Record<string, string>> = { warning: warningText, success: successText };

/** An order, payment or ticket status in upper case, coloured as spec section 4 says. */
export function StatusBadge({ status, label, ...props }: { status: string; label: string } & BadgeProps) {
  const badge = statusBadge(status);
  return (
    <Badge
      color={badgeColour[badge.color]}
      variant="light"
      aria-label={`${label}: ${badge.label}`}
      data-status={status}
      styles={labelColour[badge.color] ? { label: { color: labelColour[badge.color] } } : undefined}
      {...props}
    >
      {badge.label}
    </Badge>
  );
}
