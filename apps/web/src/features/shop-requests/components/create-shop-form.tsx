import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { messages } from '@parade/core/messages';
import { SHOP_LOGO_MAX_BYTES, SHOP_LOGO_TYPES, shopRequestMessages } from '@parade/core/shop-request-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { schemaErrors, useApiForm } from '@/components/form/use-api-form';
import { useSessionDraft } from '@/components/form/use-session-draft';
import { paths } from '@/lib/paths';
import { type ShopRequestDraft, shopCreateRequestInputSchema, useCreateShopRequest } from '../api/create-shop-request';
import type { ShopCreateRequest } from '../api/get-shop-request';

/** The logo is checked by its content on the server; here its stated type and size, for a quick answer. */
function logoError(logo: File | null): string | null {
  if (!logo) return null;
  if (!(SHOP_LOGO_TYPES as readonly string[]).includes(logo.type)) return shopRequestMessages.logoInvalid;
  if (logo.size > SHOP_LOGO_MAX_BYTES) return shopRequestMessages.logoTooLarge;
  return null;
}

/** A local preview of the chosen logo; the object URL is released when the choice changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * "Create your shop": the request the platform decides on. Everything is checked here first
 * (spec section 5's postcode rule among it); the server's answer per field (an unknown category,
 * a postcode outside the delivery area, a logo that is not a picture) lands under that field.
 */
export function CreateShopForm({
  categories,
  categoriesLoading,
  onCreated,
}: {
  /** The marketplace's categories, as select options. */
  categories: { value: string; label: string }[];
  categoriesLoading?: boolean;
  onCreated: (request: ShopCreateRequest) => void;
}) {
  const create = useCreateShopRequest();
  // A second request while one waits: said plainly, with the way to the one waiting.
  const [alreadyPending, setAlreadyPending] = useState(false);
  const form = useForm<ShopRequestDraft>({
    initialValues: {
      shop_name: '',
      description: '',
      category_id: null,
      address: '',
      postcode: '',
      phone: '',
      logo: null,
    },
    validate: (values) => {
      const errors: FormErrors = schemaErrors(shopCreateRequestInputSchema, values);
      const logo = logoError(values.logo);
      if (logo) errors.logo = logo;
      return errors;
    },
  });
  const preview = useObjectUrl(form.values.logo);
  const draft = useSessionDraft(form, 'create-shop', [
    'shop_name',
    'description',
    'category_id',
    'address',
    'postcode',
    'phone',
  ]);

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      setAlreadyPending(false);
      try {
        const created = await create.mutateAsync(values);
        draft.clear();
        onCreated(created);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'shop_request_pending') {
          setAlreadyPending(true);
          return;
        }
        throw error;
      }
    },
    { schema: shopCreateRequestInputSchema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your shop" aria-busy={create.isPending}>
      <Stack gap="md">
        <FormAlert message={formError} />
        {alreadyPending && (
          <Alert role="alert" color="secondary" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {shopRequestMessages.pending}{' '}
            <Anchor component={Link} to={paths.profileShop()} fw={700}>
              See your request
            </Anchor>
          </Alert>
        )}
        <TextInput
          label="Shop name"
          required
          size="md"
          maxLength={120}
          autoComplete="organization"
          {...form.getInputProps('shop_name')}
        />
        <Textarea
          label="Description"
          description="What you sell and what makes your shop special."
          required
          size="md"
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <Select
          label="Category"
          description="What your shop mainly sells (optional)."
          placeholder={categoriesLoading ? 'Loading categories…' : 'Choose a category'}
          data={categories}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the category' }}
          searchable
          size="md"
          nothingFoundMessage="No such category"
          comboboxProps={{ withinPortal: true }}
          rightSection={categoriesLoading ? <Loader size="xs" aria-label="Loading categories" /> : undefined}
          {...form.getInputProps('category_id')}
        />
        <TextInput
          label="Shop address"
          description="Street and number of the shop."
          required
          size="md"
          maxLength={200}
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Postcode"
            description={`Within our delivery area, ${messages.postcodeSearchHint}`}
            required
            size="md"
            maxLength={8}
            autoComplete="postal-code"
            autoCapitalize="characters"
            {...form.getInputProps('postcode')}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            size="md"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="nowrap">
          <FileInput
            label="Logo"
            description={shopRequestMessages.logoHint}
            placeholder="Choose a picture"
            accept={SHOP_LOGO_TYPES.join(',')}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the logo' }}
            size="md"
            style={{ flex: 1, minWidth: 0 }}
            leftSection={<IconPhoto size={18} aria-hidden />}
            {...form.getInputProps('logo')}
          />
          {preview && (
            <Image
              src={preview}
              alt="Preview of your logo"
              w={72}
              h={72}
              radius="md"
              fit="cover"
              style={{ flex: 'none', border: '1px solid var(--mantine-color-gray-3)' }}
            />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          We send your request to the Parade team with your account’s e-mail address. You will hear from us by e-mail,
          and can follow it under My shop.
        </Text>
        <Group justify="flex-end" gap="sm">
          {create.isPending && (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Sending your request…</Text>
            </Group>
          )}
          <Button type="submit" size="md" loading={create.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
