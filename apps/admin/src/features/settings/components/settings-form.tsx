import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminSettings, adminSettingsSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveSettings } from '../api/settings';
import { CollectionPointsInput } from './collection-points-input';

type TextKey = {
  [K in keyof AdminSettings]: AdminSettings[K] extends string ? K : never;
}[keyof AdminSettings];

const groups: { legend: string; fields: { key: TextKey; label: string; type?: string; description?: string }[] }[] = [
  {
    legend: 'Site',
    fields: [
      { key: 'site_title', label: 'Site title' },
      { key: 'company_name', label: 'Company name' },
      { key: 'locale', label: 'Locale', description: 'e.g. en-GB' },
      { key: 'currency', label: 'Currency', description: 'Three letters, e.g. GBP' },
      { key: 'date_format', label: 'Date format', description: 'e.g. DD/MM/YYYY' },
      { key: 'site_logo_small', label: 'Small logo address', description: 'A picture URL or /uploads/… path' },
      { key: 'site_logo_large', label: 'Large logo address', description: 'A picture URL or /uploads/… path' },
    ],
  },
  {
    legend: 'Contact and address (the base for delivery distances)',
    fields: [
      { key: 'address', label: 'Address' },
      { key: 'city', label: 'City' },
      { key: 'state', label: 'County' },
      { key: 'postcode', label: 'Postcode' },
      { key: 'phone', label: 'Phone', type: 'tel' },
      { key: 'email', label: 'E-mail', type: 'email' },
    ],
  },
  {
    legend: 'Social links',
    fields: [
      { key: 'facebook_url', label: 'Facebook', type: 'url' },
      { key: 'instagram_url', label: 'Instagram', type: 'url' },
      { key: 'linkedIn_url', label: 'LinkedIn', type: 'url' },
      { key: 'tiktok_url', label: 'TikTok', type: 'url' },
    ],
  },
  {
    legend: 'Card payments (Stripe publishable keys; the secret key stays in the server configuration)',
    fields: [
      { key: 'stripe_test_pub', label: 'Test publishable key', description: 'pk_test_…' },
      { key: 'stripe_live_pub', label: 'Live publishable key', description: 'pk_live_…' },
    ],
  },
];

/** Every key of spec section 3 with an input of its type, checked with core's admin settings schema. */
export function SettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveSettings();
  // An uncontrolled form does not re-render as it is typed in: its dirtiness is kept here for the leave guard.
  const [dirty, setDirty] = useState(false);
  const form = useForm<AdminSettings>({
    mode: 'uncontrolled',
    initialValues: settings,
    validate: zodValidate(adminSettingsSchema),
    onValuesChange: () => setDirty(true),
  });
  useLeaveGuard(dirty);
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    // Only what was changed here: another admin's (or another tab's) change to a setting left
    // alone is not written back with this page's older copy of it.
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key]) => form.isDirty(key as keyof AdminSettings)),
    ) as Partial<AdminSettings>;
    const saved = await save.mutateAsync(changed);
    form.setInitialValues(saved);
    form.resetDirty(saved);
    setDirty(false);
    notifySuccess('Settings saved.');
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        {groups.map((group) => (
          <Fieldset key={group.legend} legend={group.legend}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {group.fields.map((field) => (
                <TextInput
                  key={form.key(field.key)}
                  label={field.label}
                  description={field.description}
                  type={field.type ?? 'text'}
                  {...form.getInputProps(field.key)}
                />
              ))}
            </SimpleGrid>
            {group.legend.startsWith('Card') && (
              <Stack gap="xs" mt="sm">
                <Switch
                  key={form.key('enable_stripe_payment')}
                  label="Offer card payment at checkout"
                  description="Shown only when the server also holds a Stripe secret key"
                  {...form.getInputProps('enable_stripe_payment', { type: 'checkbox' })}
                />
                <Switch
                  key={form.key('stripe_test_mode')}
                  label="Test mode (no real money moves)"
                  {...form.getInputProps('stripe_test_mode', { type: 'checkbox' })}
                />
              </Stack>
            )}
          </Fieldset>
        ))}
        <Fieldset legend="Delivery and collection">
          <Stack gap="sm">
            <NumberInput
              key={form.key('delivery_radius_miles')}
              label="Delivery radius"
              description="Miles from the postcode above; 0 turns delivery off"
              suffix=" miles"
              min={0}
              max={100}
              w={{ base: '100%', sm: 240 }}
              {...form.getInputProps('delivery_radius_miles')}
            />
            <CollectionPointsInput form={form} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Returns">
          <NumberInput
            key={form.key('return_window_days')}
            label="Return window"
            description="Days after delivery in which a customer may ask to return an item; 0 turns returns off"
            suffix=" days"
            min={0}
            max={365}
            w={{ base: '100%', sm: 240 }}
            {...form.getInputProps('return_window_days')}
          />
        </Fieldset>
        <Fieldset legend="Money">
          <Group align="flex-start" gap="md" wrap="wrap">
            <NumberInput
              key={form.key('commission_rate')}
              label="Commission"
              description="Percent of each new order Parade keeps, for shops without a rate of their own; placed orders keep theirs"
              suffix="%"
              min={0}
              max={100}
              clampBehavior="none"
              w={{ base: '100%', sm: 320 }}
              {...form.getInputProps('commission_rate')}
            />
            <NumberInput
              key={form.key('payout_hold_days')}
              label="Payout hold"
              description="Days after delivery before a sale can be paid out to its shop"
              suffix=" days"
              min={0}
              max={90}
              clampBehavior="none"
              w={{ base: '100%', sm: 320 }}
              {...form.getInputProps('payout_hold_days')}
            />
          </Group>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
