import { Avatar, Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { AVATAR_MAX_BYTES, avatarLetter } from '@parade/core/auth-rules';
import type { UserDto } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { IconPhoto } from '@tabler/icons-react';
import { schemaErrors, useApiForm } from '@/components/form/use-api-form';
import { notify } from '@/components/ui/notify';
import { profileSchema, useUpdateProfile } from '../api/update-profile';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

type ProfileValues = {
  name: string;
  phone: string;
  avatar: File | null;
};

/** Spec section 9: the avatar shows the first letter of the name in upper case (or the uploaded picture). */
export function UserAvatar({ user, size = 72 }: { user: Pick<UserDto, 'name' | 'avatar'>; size?: number }) {
  return (
    <Avatar
      src={user.avatar}
      size={size}
      radius="xl"
      color="primary"
      variant="filled"
      alt=""
      aria-hidden
      imageProps={{ width: size, height: size }}
    >
      <Text component="span" fz={size * 0.42} fw={700} data-testid="avatar-letter">
        {avatarLetter(user.name)}
      </Text>
    </Avatar>
  );
}

/** Name, phone and picture of the signed-in user; the e-mail is shown, not edited. */
export function ProfileForm({ user, onUpdated }: { user: UserDto; onUpdated: (user: UserDto) => void }) {
  const update = useUpdateProfile(onUpdated);
  const form = useForm<ProfileValues>({
    initialValues: { name: user.name, phone: user.phone ?? '', avatar: null },
    validate: (values) => {
      const errors: FormErrors = schemaErrors(profileSchema, values);
      if (values.avatar && !IMAGE_TYPES.includes(values.avatar.type)) {
        errors.avatar = 'The avatar must be a PNG, JPEG, WebP or GIF image.';
      } else if (values.avatar && values.avatar.size > AVATAR_MAX_BYTES) {
        errors.avatar = 'The avatar must be at most 2 MB.';
      }
      return errors;
    },
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      const { user: saved } = await update.mutateAsync(values);
      form.setValues({ name: saved.name, phone: saved.phone ?? '', avatar: null });
      form.resetDirty();
      notify({ kind: 'success', title: 'Profile', message: 'Your profile has been saved.' });
    },
    { schema: profileSchema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile information">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} />
          <Stack gap={0} miw={0}>
            <Text fw={700} fz="lg" truncate="end">
              {user.name}
            </Text>
            <Text c="dimmed" size="sm" truncate="end">
              {user.email}
            </Text>
          </Stack>
        </Group>
        <FormAlert message={formError} />
        <TextInput label="Full name" autoComplete="name" required size="md" {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          value={user.email}
          readOnly
          size="md"
          description="Your e-mail is how you log in; it cannot be changed here."
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          size="md"
          {...form.getInputProps('phone')}
        />
        <FileInput
          label="Profile picture (optional)"
          description="PNG, JPEG, WebP or GIF, up to 2 MB."
          placeholder="Choose a picture"
          // The placeholder is text a person reads (what to do), not a hint over typed text:
          // Mantine's placeholder grey is below 4.5:1, the theme's dimmed grey is not.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={IMAGE_TYPES.join(',')}
          clearable
          size="md"
          leftSection={<IconPhoto size={18} aria-hidden />}
          {...form.getInputProps('avatar')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
