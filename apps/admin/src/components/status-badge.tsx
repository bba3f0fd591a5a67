import { Badge, type BadgeProps } from '@mantine/core';
import { type BadgeColor, statusBadge } from '@parade/core/status-badge';
import type { ReactNode } from 'react';

export type Tone = BadgeColor | 'neutral';

/**
 * Text colours for each tone of spec section 4's badges, dark enough for WCAG AA on white at
 * badge size (Mantine's light variants of yellow and green are not).
 */
const toneColor: Record<Tone, string> = {
  info: 'blue.9',
  warning: 'primary.9',
  primary: 'primary.8',
  accent: 'accent.8',
  success: '#1e6b31',
  error: 'error.7',
  neutral: 'dark.6',
};

export function ToneBadge({
  tone,
  children,
  ...props
}: { tone: Tone; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant'>) {
  return (
    <Badge variant="outline" color={toneColor[tone]} {...props}>
      {children}
    </Badge>
  );
}

/** An order, payment, request or shop status with spec section 4's colours; 'suspended' reads as a warning. */
export function StatusBadge({ status }: { status: string }) {
  const { label, color } = statusBadge(status);
  return <ToneBadge tone={status === 'suspended' ? 'warning' : color}>{label}</ToneBadge>;
}
