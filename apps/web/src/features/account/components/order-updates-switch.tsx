import { PushOptInSwitch } from '@parade/ui/push-opt-in';
import { pushDevice } from '@/lib/push-device';

/** The profile's opt-in to web push: a notification for each status change of the customer's orders. */
export function OrderUpdatesSwitch() {
  return (
    <PushOptInSwitch
      device={pushDevice}
      label="Order updates on this device"
      description="A notification when a shop moves one of your orders along: being prepared, ready, out for delivery, delivered or cancelled."
    />
  );
}
