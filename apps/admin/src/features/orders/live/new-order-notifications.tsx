import { Paper, Title } from '@mantine/core';
import { PushOptInSwitch } from '@parade/ui/push-opt-in';
import { pushDevice } from '@/lib/push-device';

/**
 * The shopkeeper's opt-in to web push: a notification for every new order of the shop, also
 * when the merchant site is closed (the live board only hears of orders while it is open).
 */
export function NewOrderNotifications() {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Notifications
      </Title>
      <PushOptInSwitch
        device={pushDevice}
        label="New-order notifications on this device"
        description="A notification for every new order, even when the merchant site is closed."
      />
    </Paper>
  );
}
