import { ActionIcon, Badge, Button, Group, Indicator, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useLiveOrdersStore } from './live-orders-store';

const statusText = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Offline',
} as const;

/**
 * The live board's part of the header: whether new orders arrive live, how many arrived since
 * the orders list was last looked at, the chime's mute switch, and (once) the offer to show
 * browser notifications. New orders are also said by a polite live region for screen readers.
 */
export function LiveOrdersControl() {
  const status = useLiveOrdersStore((s) => s.status);
  const unseen = useLiveOrdersStore((s) => s.unseen.length);
  const muted = useLiveOrdersStore((s) => s.muted);
  const toggleMuted = useLiveOrdersStore((s) => s.toggleMuted);
  const announcement = useLiveOrdersStore((s) => s.announcement);
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'denied' : Notification.permission,
  );

  return (
    <Group gap="xs" wrap="nowrap" data-testid="live-orders" data-status={status}>
      <Badge
        variant="dot"
        color={status === 'live' ? 'green' : status === 'stopped' ? 'gray' : 'yellow'}
        visibleFrom="sm"
        aria-label={`New orders: ${statusText[status]}`}
      >
        {statusText[status]}
      </Badge>
      <Indicator label={unseen} size={18} disabled={unseen === 0} color="error" offset={4}>
        <Button
          component={Link}
          to={paths.vendor.orders}
          variant="subtle"
          size="compact-sm"
          aria-label={unseen === 0 ? 'Orders: no new orders' : `Orders: ${unseen} new`}
          data-testid="new-orders"
        >
          <IconBellRinging size={20} aria-hidden />
        </Button>
      </Indicator>
      <Tooltip label={muted ? 'Chime off' : 'Chime on'}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Chime for new orders"
          aria-pressed={!muted}
          onClick={toggleMuted}
        >
          {muted ? <IconBellOff size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {permission === 'default' && (
        <Button
          variant="light"
          size="compact-sm"
          visibleFrom="md"
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          Notify me
        </Button>
      )}
      <VisuallyHidden>
        <Text role="status" aria-live="polite">
          {announcement}
        </Text>
      </VisuallyHidden>
    </Group>
  );
}
