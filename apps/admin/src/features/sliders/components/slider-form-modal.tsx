import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminSlider, type AdminSliderInput, adminSliderInputSchema } from '@parade/core/admin-schemas';
import type { SliderType } from '@parade/core/enums';
import { FormAlert } from '@parade/ui/form-alert';
import { ContentImageInput } from '@/components/content-image-input';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveSlider } from '../api/sliders';
import { sliderTypeOptions } from './slider-types';

interface SliderValues {
  type: SliderType;
  title: string;
  caption: string;
  image: string;
  mobile_image: string;
  link: string;
  position: number | string;
  is_active: boolean;
}

const valuesOf = (slider: AdminSlider | null): SliderValues => ({
  type: slider?.type ?? 'home_page_slide',
  title: slider?.title ?? '',
  caption: slider?.caption ?? '',
  image: slider?.image ?? '',
  mobile_image: slider?.mobile_image ?? '',
  link: slider?.link ?? '',
  position: slider?.position ?? 0,
  is_active: slider?.is_active ?? true,
});

/** What the API takes: empty optional fields as null, the position as a whole number. */
const toWire = (values: SliderValues): AdminSliderInput => ({
  type: values.type,
  title: values.title,
  caption: values.caption.trim() || null,
  image: values.image,
  mobile_image: values.mobile_image.trim() || null,
  link: values.link.trim() || null,
  position: values.position === '' ? 0 : Number(values.position),
  is_active: values.is_active,
});

function SliderForm({ slider, onDone }: { slider: AdminSlider | null; onDone: () => void }) {
  const save = useSaveSlider();
  const form = useForm<SliderValues>({
    mode: 'controlled',
    initialValues: valuesOf(slider),
    validate: zodValidate(adminSliderInputSchema, toWire),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: slider?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.title ?? 'The slide'} is saved.`);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Select
          label="Where it shows"
          data={sliderTypeOptions}
          allowDeselect={false}
          required
          {...form.getInputProps('type')}
        />
        <TextInput
          label="Title"
          description="Read out to people who cannot see the picture, so say what it shows"
          required
          data-autofocus
          {...form.getInputProps('title')}
        />
        <TextInput label="Caption" {...form.getInputProps('caption')} />
        <ContentImageInput label="Picture" required {...form.getInputProps('image')} />
        <ContentImageInput
          label="Phone picture"
          description="Optional: a narrower picture for phones; without it phones show the main picture"
          {...form.getInputProps('mobile_image')}
        />
        <TextInput
          label="Link"
          description="Where a tap goes: a path of this site (/products) or a web address; empty for none"
          {...form.getInputProps('link')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Position"
            description="Lower numbers show first"
            min={0}
            max={10_000}
            clampBehavior="none"
            {...form.getInputProps('position')}
          />
          <Switch
            label="Shown on the home page"
            mt={{ base: 0, xs: 'xl' }}
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save slide
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (slider null) or edit a slide or banner of the home page. */
export function SliderFormModal({
  opened,
  slider,
  onClose,
}: {
  opened: boolean;
  slider: AdminSlider | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={slider ? `Edit ${slider.title ?? 'slide'}` : 'New slide'}
      size="lg"
    >
      {opened && <SliderForm key={slider?.id ?? 'new'} slider={slider} onDone={onClose} />}
    </FormModal>
  );
}
