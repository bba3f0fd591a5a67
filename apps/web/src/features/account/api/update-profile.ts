import { profileSchema, type UserDto, userDtoSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const profileReplySchema = z.object({ user: userDtoSchema });

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
  return apiData('user/update-profile', { method: 'POST', body: form, schema: profileReplySchema });
}

/** onUpdated receives the server's copy of the user (the route hands it to the session). */
export const useUpdateProfile = (onUpdated: (user: UserDto) => void) =>
  useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => onUpdated(user) });
