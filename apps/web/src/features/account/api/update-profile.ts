import { profileSchema, type UserDto, userPayloadSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export { profileSchema };

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
  return apiData('user/update-profile', { method: 'POST', body: form, schema: userPayloadSchema });
}

/** onUpdated receives the server's copy of the user (the route hands it to the session). */
export const useUpdateProfile = (onUpdated: (user: UserDto) => void) =>
  useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => onUpdated(user) });
