import { Stack, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from './api-errors';
import { FormAlert } from './form-alert';
import type { PushDevice, PushState } from './push-device';

const failed = 'Notifications could not be changed on this device. Please try again.';

/** Why the switch is off or cannot move, said under it. */
const explanation: Record<PushState | 'checking', string | null> = {
  checking: null,
  unsupported:
    'This browser cannot show notifications from this site. (On an iPhone or iPad, add Parade to your Home Screen first.)',
  blocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then come back here.",
  off: null,
  on: 'On for this browser on this device.',
};

/**
 * The opt-in switch of web push on this device (docs/decisions/027): shows whether the browser
 * can, is blocked, is on or off; asks the browser's permission only when pressed. The switch is
 * a labelled checkbox with role="switch"; its state and any failure are said in text too.
 */
export function PushOptInSwitch({
  device,
  label,
  description,
}: {
  device: PushDevice;
  label: string;
  description: string;
}) {
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    device.state().then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [device]);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await (on ? device.turnOn() : device.turnOff()));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : failed);
    } finally {
      setBusy(false);
    }
  };

  const cannot = state === 'unsupported' || state === 'blocked';
  return (
    <Stack gap="xs" data-testid="push-opt-in" data-state={state}>
      <Switch
        size="md"
        label={label}
        description={explanation[state] ?? description}
        checked={state === 'on'}
        disabled={cannot || state === 'checking' || busy}
        aria-busy={busy || state === 'checking'}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <FormAlert message={error} />
    </Stack>
  );
}
