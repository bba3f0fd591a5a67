import type { ChangePasswordInput } from '@parade/core/account-security-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

/** The signed-in customer's account security (docs/decisions/045): the calls share their query keys. */
const core = () => import('@parade/core/account-security-schemas');
const envelope = () => import('@parade/core/envelope');

export const changePasswordSchema = lazySchema(() => core().then((m) => m.changePasswordSchema));
const sessionList = lazySchema(() => core().then((m) => m.sessionListSchema));
const eventPage = lazySchema(async () => (await envelope()).paginated((await core()).securityEventSchema));
const emptyReply = lazySchema(() => envelope().then((m) => m.emptyPayloadSchema));
const endOthersReply = lazySchema(() => core().then((m) => m.endOthersPayloadSchema));
const twoFactorStatus = lazySchema(() => core().then((m) => m.twoFactorStatusSchema));
const twoFactorSetup = lazySchema(() => core().then((m) => m.twoFactorSetupSchema));
const recoveryCodes = lazySchema(() => core().then((m) => m.recoveryCodesSchema));
/** The code forms' rule (a code from the app or a recovery code), the API's own. */
export const twoFactorCodeBody = lazySchema(() => core().then((m) => m.twoFactorCodeBodySchema));

const keys = {
  all: ['account-security'] as const,
  sessions: ['account-security', 'sessions'] as const,
  twoFactor: ['account-security', 'two-factor'] as const,
  events: (page: number) => ['account-security', 'events', page] as const,
};

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: keys.twoFactor, queryFn: () => apiData('user/2fa', { schema: twoFactorStatus }) });

export const useSessions = () =>
  useQuery({ queryKey: keys.sessions, queryFn: () => apiData('user/sessions', { schema: sessionList }) });

export const useSecurityEvents = (page: number) =>
  useQuery({
    queryKey: keys.events(page),
    queryFn: () => apiData('user/security-events', { query: { page }, schema: eventPage }),
  });

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useChangePassword = () =>
  useInvalidating((input: ChangePasswordInput) =>
    apiData('user/password', { method: 'POST', body: input, schema: emptyReply }),
  );
export const useEndSession = () =>
  useInvalidating((id: number) => apiData(`user/sessions/${id}`, { method: 'DELETE', schema: emptyReply }));
export const useEndOtherSessions = () =>
  useInvalidating(() => apiData('user/sessions/end-others', { method: 'POST', schema: endOthersReply }));
export const useStartTwoFactor = () =>
  useInvalidating(() => apiData('user/2fa/setup', { method: 'POST', schema: twoFactorSetup }));
export const useEnableTwoFactor = () =>
  useInvalidating((code: string) =>
    apiData('user/2fa/enable', { method: 'POST', body: { code }, schema: recoveryCodes }),
  );
export const useDisableTwoFactor = () =>
  useInvalidating((code: string) =>
    apiData('user/2fa/disable', { method: 'POST', body: { code }, schema: emptyReply }),
  );
