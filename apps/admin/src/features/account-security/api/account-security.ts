import {
  adminSecurityEventSchema,
  type ChangePasswordInput,
  endOthersPayloadSchema,
  recoveryCodesSchema,
  securityEventSchema,
  sessionListSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@parade/core/account-security-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** The signed-in account's own security (docs/decisions/045): one file, as the calls share their keys. */
const keys = {
  all: ['account-security'] as const,
  twoFactor: ['account-security', 'two-factor'] as const,
  sessions: ['account-security', 'sessions'] as const,
  events: (page: number) => ['account-security', 'events', page] as const,
  allEvents: (filters: object) => ['account-security', 'all-events', filters] as const,
};

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: keys.twoFactor, queryFn: () => apiData('user/2fa', twoFactorStatusSchema) });

export const useSessions = () =>
  useQuery({ queryKey: keys.sessions, queryFn: () => apiData('user/sessions', sessionListSchema) });

export const useSecurityEvents = (page: number) =>
  useQuery({
    queryKey: keys.events(page),
    queryFn: () => apiData('user/security-events', paginated(securityEventSchema), { query: { page } }),
  });

export const useAllSecurityEvents = (filters: { page: number; search?: string; kind?: string }) =>
  useQuery({
    queryKey: keys.allEvents(filters),
    queryFn: () => apiData('admin/security-events', paginated(adminSecurityEventSchema), { query: filters }),
  });

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useStartTwoFactor = () =>
  useInvalidating(() => apiData('user/2fa/setup', twoFactorSetupSchema, { method: 'POST' }));
export const useEnableTwoFactor = () =>
  useInvalidating((code: string) =>
    apiData('user/2fa/enable', recoveryCodesSchema, { method: 'POST', body: { code } }),
  );
export const useDisableTwoFactor = () =>
  useInvalidating((code: string) =>
    apiData('user/2fa/disable', emptyPayloadSchema, { method: 'POST', body: { code } }),
  );
export const useChangePassword = () =>
  useInvalidating((input: ChangePasswordInput) =>
    apiData('user/password', emptyPayloadSchema, { method: 'POST', body: input }),
  );
export const useEndSession = () =>
  useInvalidating((id: number) => apiData(`user/sessions/${id}`, emptyPayloadSchema, { method: 'DELETE' }));
export const useEndOtherSessions = () =>
  useInvalidating(() => apiData('user/sessions/end-others', endOthersPayloadSchema, { method: 'POST' }));
