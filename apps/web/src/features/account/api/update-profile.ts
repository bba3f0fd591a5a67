import type { UserDto } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const profileSchema = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.profileSchema));
const userPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.userPayloadSchema));

export interface ProfileUpdate {
  name: string;
  phone: string;
  avatar: File | null;
}

/** POST user/update-profile as multipart: name, phone and, when chosen, the avatar file. */
export function updateProfile(input: ProfileUpdate) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('phone', input.phone);
  if (input.avatar) form.append('avatar', input.avatar);
  return apiData('user/update-profile', { method: 'POST', body: form, schema: userPayloadReply });
}

/** onUpdated receives the server's copy of the user (the route hands it to the session). */
export const useUpdateProfile = (onUpdated: (user: UserDto) => void) =>
  useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => onUpdated(user) });
