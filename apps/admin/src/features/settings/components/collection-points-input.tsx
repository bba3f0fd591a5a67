import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AdminSettings } from '@parade/core/admin-schemas';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** Setting `collection_locations`: where shoppers may collect, each with an optional note (opening times). */
export function CollectionPointsInput({ form }: { form: UseFormReturnType<AdminSettings> }) {
  const points = form.getValues().collection_locations;
  return (
    <Fieldset legend="Collection points">
      <Stack gap="sm">
        {points.length === 0 && <Text c="dimmed">No collection points: shoppers can only have orders delivered.</Text>}
        {points.map((_, index) => (
          <Group key={form.key(`collection_locations.${index}`)} align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={`Place ${index + 1}`}
              required
              style={{ flex: 2 }}
              {...form.getInputProps(`collection_locations.${index}.value`)}
            />
            <TextInput
              label="Note"
              placeholder="e.g. opening times"
              style={{ flex: 3 }}
              {...form.getInputProps(`collection_locations.${index}.note`)}
            />
            <ActionIcon
              variant="subtle"
              color="error"
              size="lg"
              mb={2}
              aria-label={`Remove place ${index + 1}`}
              onClick={() => form.removeListItem('collection_locations', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('collection_locations', { value: '', note: '' })}
        >
          Add a collection point
        </Button>
      </Stack>
    </Fieldset>
  );
}
