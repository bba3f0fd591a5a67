import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  OFFER_DESCRIPTION_MAX,
  OFFER_IMAGE_MAX_BYTES,
  OFFER_TERMS_MAX,
  OFFER_TITLE_MAX,
  type Offer,
  vendorOfferCreateSchema,
} from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { DateTimeField } from '@/components/date-time-field';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { formatFileSize } from '@/lib/format';
import { wholePenceErrors } from '@/lib/whole-pence';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveOffer } from '../api/save-offer';
import { OfferImageInput } from './offer-image-input';
import { emptyOffer, type OfferValues, offerToWire, offerValues } from './offer-values';

const checkWithCore = zodValidate<OfferValues>(vendorOfferCreateSchema, offerToWire);

function OfferForm({ offer, onDone }: { offer: Offer | null; onDone: () => void }) {
  const save = useSaveOffer();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<OfferValues>({
    mode: 'controlled',
    initialValues: offer ? offerValues(offer) : emptyOffer(),
    validate: (values) => ({
      ...checkWithCore(values),
      ...wholePenceErrors(values, values.discount_type === 'fixed' ? ['discount_value', 'min_spend'] : ['min_spend']),
      ...(values.discount_value === '' ? { discount_value: 'Enter the discount.' } : {}),
      ...(values.max_claims_per_user === '' ? { max_claims_per_user: 'At least 1.' } : {}),
    }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    setImageError(null);
    try {
      const saved = await save.mutateAsync({ id: offer?.id ?? null, body: offerToWire(values), image });
      notifySuccess(`Offer "${saved.title}" is saved.`);
      onDone();
    } catch (error) {
      // The picture is not a form value: its own refusal (kind, size, pixels) goes under it.
      if (error instanceof ApiError && error.errors.image?.[0]) setImageError(error.errors.image[0]);
      throw error;
    }
  });

  const chooseImage = (file: File | null) => {
    setImageError(null);
    if (file && file.size > OFFER_IMAGE_MAX_BYTES) {
      setImageError(
        `This picture is ${formatFileSize(file.size)}; the most is ${formatFileSize(OFFER_IMAGE_MAX_BYTES)}.`,
      );
      return;
    }
    setImage(file);
    if (file) form.setFieldValue('remove_image', false);
  };

  const percent = form.values.discount_type === 'percent';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Title" required maxLength={OFFER_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="What the customer gets, in a sentence or two"
          required
          autosize
          minRows={2}
          maxLength={OFFER_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <OfferImageInput
          current={offer?.image ?? null}
          file={image}
          removed={form.values.remove_image}
          onFileChange={chooseImage}
          onRemove={() => {
            setImage(null);
            if (offer?.image) form.setFieldValue('remove_image', true);
          }}
          error={imageError}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="offer-type-label">
            Discount type
          </Text>
          <SegmentedControl
            aria-labelledby="offer-type-label"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'fixed', label: 'Amount off' },
            ]}
            {...form.getInputProps('discount_type')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={percent ? 'Discount (%)' : 'Discount (£)'}
            suffix={percent ? '%' : undefined}
            prefix={percent ? undefined : '£'}
            min={percent ? 1 : 0.01}
            max={percent ? 100 : undefined}
            // Core's rule says what is wrong with 150%; silently clamping would hide it.
            clampBehavior="none"
            required
            {...form.getInputProps('discount_value')}
          />
          <MoneyInput
            label="Minimum spend"
            description="In pounds; empty for none"
            min={0}
            {...form.getInputProps('min_spend')}
          />
          <DateTimeField label="Starts" required {...form.getInputProps('starts_at')} />
          <DateTimeField label="Ends" required {...form.getInputProps('ends_at')} />
          <NumberInput
            label="Claims in total"
            description="Empty for no limit"
            min={1}
            clampBehavior="none"
            {...form.getInputProps('max_claims')}
          />
          <NumberInput
            label="Claims per customer"
            description="Live claims one customer may hold"
            min={1}
            clampBehavior="none"
            required
            {...form.getInputProps('max_claims_per_user')}
          />
          <NumberInput
            label="Points reward"
            description="Points at your shop when the claim is used"
            min={0}
            clampBehavior="none"
            {...form.getInputProps('points_reward')}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Switch
            label="Active"
            description="Customers can claim it while it runs"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <Switch
            label="Featured"
            description="Shown first in offer lists"
            {...form.getInputProps('is_featured', { type: 'checkbox' })}
          />
          <Switch
            label="QR code only"
            description="Claimable only by scanning your shop's QR code at the counter"
            {...form.getInputProps('qr_only', { type: 'checkbox' })}
          />
        </Stack>
        <Textarea
          label="Terms"
          description="Optional, e.g. one per visit, not with other offers"
          autosize
          minRows={2}
          maxLength={OFFER_TERMS_MAX}
          {...form.getInputProps('terms')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (offer null while open) or edit an offer in a modal; full screen on a phone. */
export function OfferFormModal({
  opened,
  offer,
  onClose,
}: {
  opened: boolean;
  offer: Offer | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={offer ? `Edit offer ${offer.title}` : 'New offer'}
      size="lg"
      fullScreen={phone}
    >
      {opened && <OfferForm key={offer?.id ?? 'new'} offer={offer} onDone={onClose} />}
    </FormModal>
  );
}
