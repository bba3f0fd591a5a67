import { Button } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useLocationStore } from '@/features/location/stores/location-store';

/** The header's location selector: shows the chosen collection point or postcode and opens the modal. */
export function LocationButton({
  compact = false,
  onDark = true,
  fullWidth = false,
}: {
  compact?: boolean;
  onDark?: boolean;
  fullWidth?: boolean;
}) {
  const selected = useLocationStore((s) => s.selectedLocation);
  const openPopup = useLocationStore((s) => s.openPopup);
  const label = !selected
    ? 'Choose location'
    : selected.type === 'delivery'
      ? `Delivery: ${selected.location.postcode}`
      : `Collection: ${selected.location.value.split(',')[0]}`;
  return (
    <Button
      variant="subtle"
      color={onDark ? 'white' : 'secondary'}
      leftSection={<IconMapPin size={18} />}
      onClick={openPopup}
      size={compact ? 'compact-sm' : 'sm'}
      // The phone's location strip: a 44 px touch target (ui-and-demo.md), the strip's own height.
      h={compact && fullWidth ? 44 : undefined}
      maw={fullWidth ? '100%' : compact ? 200 : 260}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      data-testid="location-button"
      aria-label={`Order type and location: ${label}`}
    >
      {label}
    </Button>
  );
}
