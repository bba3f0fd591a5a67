import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RETURN_REASON_MAX } from '@parade/core/return-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { useMemo } from 'react';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { lazySchema } from '@/lib/lazy-schema';
import { createReturnBodySchema, useCreateReturn } from '../api/create-return';

type ReturnValues = { quantity: number; reason: string };

/**
 * How many of a line to return (1 to what is left) and why. The server checks everything again
 * (window, quantity, whose line); its refusals land under the inputs or in the alert.
 */
export function ReturnItemForm({
  item,
  left,
  until,
  onCancel,
  onDone,
}: {
  item: { id: number; full_name: string };
  /** What may still be returned of the line. */
  left: number;
  /** When the window closes, as the shopper reads it. */
  until: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const create = useCreateReturn();
  const schema = useMemo(
    () =>
      lazySchema(async () => {
        const body = await createReturnBodySchema.load();
        return body.pick({ reason: true }).extend({
          quantity: body.shape.quantity.max(left, left === 1 ? 'Only 1 can be returned.' : `At most ${left}.`),
        });
      }),
    [left],
  );
  const form = useForm<ReturnValues>({
    initialValues: { quantity: 1, reason: '' },
    validate: schemaRules(schema),
  });
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await create.mutateAsync({ order_item_id: item.id, ...values });
      onDone();
    },
    { schema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Return ${item.full_name}`}>
      <Stack gap="sm">
        <Text size="sm">
          {item.full_name}: you can return {left === 1 ? '1 item' : `up to ${left} items`} until {until}. The shop
          decides and we e-mail you its answer.
        </Text>
        <FormAlert message={formError} />
        <NumberInput
          label="Quantity"
          required
          min={1}
          max={left}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          // Never corrected behind the shopper's back: 5 of 2 stays 5 and the form says "At most 2."
          clampBehavior="none"
          size="md"
          w={{ base: '100%', xs: 160 }}
          {...form.getInputProps('quantity')}
        />
        <Textarea
          label="Reason"
          description="What is wrong with it? The shop reads this."
          required
          autosize
          minRows={3}
          maxLength={RETURN_REASON_MAX}
          size="md"
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={create.isPending}>
            Request return
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
