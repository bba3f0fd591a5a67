import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import {
  type AdminPage,
  type AdminPageInput,
  adminPageInputSchema,
  type PageSettingValueType,
} from '@parade/core/admin-schemas';
import { fixedPathOfPage } from '@parade/core/storefront-routes';
import { FormAlert } from '@parade/ui/form-alert';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ContentImageInput } from '@/components/content-image-input';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { zodValidate } from '@/lib/zod-validate';
import { useSavePage } from '../api/pages';

interface SettingValues {
  /** The row's identity in the form (React's key); never sent. */
  key_id: string;
  section: string;
  key: string;
  value: string;
  value_type: PageSettingValueType;
}

interface PageValues {
  title: string;
  slug: string;
  in_footer: boolean;
  settings: SettingValues[];
}

const valueTypes: { value: PageSettingValueType; label: string }[] = [
  { value: 'text', label: 'Text or HTML' },
  { value: 'image', label: 'Picture' },
];

const valuesOf = (page: AdminPage | null): PageValues => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  in_footer: page?.in_footer ?? false,
  settings: (page?.settings ?? []).map((s) => ({
    key_id: randomId(),
    section: s.section,
    key: s.key,
    value: s.value,
    value_type: s.value_type === 'image' ? 'image' : 'text',
  })),
});

const toWire = (values: PageValues): AdminPageInput => ({
  title: values.title,
  slug: values.slug.trim() === '' ? undefined : values.slug,
  in_footer: values.in_footer,
  settings: values.settings.map(({ section, key, value, value_type }) => ({ section, key, value, value_type })),
});

/**
 * A static page and its settings rows (section, key, value), in the order the storefront shows
 * them. Text values may hold HTML: the server sanitises them before they are stored.
 */
export function PageForm({ page, onSaved }: { page: AdminPage | null; onSaved: (page: AdminPage) => void }) {
  const save = useSavePage();
  const form = useForm<PageValues>({
    mode: 'controlled',
    initialValues: valuesOf(page),
    validate: zodValidate(adminPageInputSchema, toWire),
  });
  const guard = useLeaveGuard(form.isDirty());
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: page?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.title} is saved.`);
    form.resetDirty(valuesOf(saved));
    // onSaved may open the page's own editor: what was typed is saved.
    guard.release();
    onSaved(saved);
  });
  const settings = form.values.settings;
  const addSetting = () => {
    const last = settings[settings.length - 1];
    form.insertListItem('settings', {
      key_id: randomId(),
      section: last?.section ?? '',
      key: '',
      value: '',
      value_type: 'text',
    } satisfies SettingValues);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
          <TextInput
            label="Slug"
            description="The storefront's page name (about, contact...); left empty, made from the title"
            {...form.getInputProps('slug')}
          />
        </SimpleGrid>
        <Checkbox
          label="Link it in the storefront's footer"
          description={`Shoppers find it at ${fixedPathOfPage(form.getValues().slug) ?? `/page/${form.getValues().slug || 'its-slug'}`}. Privacy, terms and contact are always linked.`}
          {...form.getInputProps('in_footer', { type: 'checkbox' })}
        />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Settings
          </Title>
          <Text size="sm" c="dimmed">
            Each row is one piece of the page: a section (banner, intro...) and a key (title, content, image...).
          </Text>
          {settings.length === 0 && <Text size="sm">No settings yet.</Text>}
          {settings.map((setting, index) => {
            const number = index + 1;
            const name = `setting ${number}`;
            return (
              <Paper key={setting.key_id} withBorder p="sm" radius="md" role="group" aria-label={`Setting ${number}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      Setting {number}
                      {setting.section && setting.key ? `: ${setting.section} / ${setting.key}` : ''}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        size={36}
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => form.reorderListItem('settings', { from: index, to: index - 1 })}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size={36}
                        aria-label={`Move ${name} down`}
                        disabled={index === settings.length - 1}
                        onClick={() => form.reorderListItem('settings', { from: index, to: index + 1 })}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="outline"
                        color="error"
                        size={36}
                        aria-label={`Remove ${name}`}
                        onClick={() => form.removeListItem('settings', index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <TextInput label="Section" required {...form.getInputProps(`settings.${index}.section`)} />
                    <TextInput label="Key" required {...form.getInputProps(`settings.${index}.key`)} />
                    <Select
                      label="Type"
                      data={valueTypes}
                      allowDeselect={false}
                      {...form.getInputProps(`settings.${index}.value_type`)}
                    />
                  </SimpleGrid>
                  {setting.value_type === 'image' ? (
                    <ContentImageInput label="Picture" required {...form.getInputProps(`settings.${index}.value`)} />
                  ) : (
                    <Textarea
                      label="Value"
                      description="Plain text, or HTML such as <p>, <ul>, <strong>, <a href>"
                      autosize
                      minRows={2}
                      maxRows={12}
                      {...form.getInputProps(`settings.${index}.value`)}
                    />
                  )}
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={addSetting}>
              Add a setting
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
