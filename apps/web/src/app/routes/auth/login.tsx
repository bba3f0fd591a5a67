import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { safeRedirectTarget } from '@parade/core/auth-rules';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { useSocialLogin } from '@/features/auth/api/social-login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CodeStep, LoginForm } from '@/features/auth/components/login-form';
import { SocialLoginButtons, takeSocialLoginAnswer } from '@/features/auth/components/social-login-buttons';
import { paths } from '@/lib/paths';
import { PASSWORD_RESET_NOTICE } from './password-reset-notice';

/** /auth/login: e-mail and password (and a provider, when configured); then back to where the shopper was going. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Sent here by /auth/reset-password once the new password is set.
  const passwordReset = (useLocation().state as { passwordReset?: boolean } | null)?.passwordReset === true;
  const redirect = params.get('redirect');
  const goOn = (target: string | null = redirect) =>
    navigate(safeRedirectTarget(target, paths.profile()), { replace: true });
  // While the two-factor code is asked for, the account exists and its password was right:
  // "Create an account" and the providers' buttons would only lead away from the last step.
  const [codeStep, setCodeStep] = useState(false);
  // A provider's sign-in of an account with two-factor sign-in on: its code step, then where the shopper was going.
  const [socialChallenge, setSocialChallenge] = useState<{ challenge: string; redirect: string | null } | null>(null);
  // Why a provider's code step ended (five wrong codes, or too late): said above the password form.
  const [restartReason, setRestartReason] = useState<string | null>(null);

  return (
    <AuthCard
      title="Customer login"
      intro={
        codeStep ? undefined : (
          <>
            New to Parade?{' '}
            <Anchor component={Link} to={paths.register(redirect ?? undefined)} underline="always">
              Create an account
            </Anchor>
          </>
        )
      }
    >
      <PageMeta title="Log in" />
      {socialChallenge ? (
        <CodeStep
          challenge={socialChallenge.challenge}
          onSignedIn={() => goOn(socialChallenge.redirect)}
          onRestart={(reason) => {
            setSocialChallenge(null);
            setCodeStep(false);
            setRestartReason(reason);
          }}
        />
      ) : (
        <>
          <SocialLoginAnswer
            onSignedIn={goOn}
            onChallenge={(challenge, target) => {
              setSocialChallenge({ challenge, redirect: target });
              setCodeStep(true);
            }}
          />
          {passwordReset && (
            <Alert role="status" color="green" variant="light" data-testid="password-reset-notice">
              {PASSWORD_RESET_NOTICE}
            </Alert>
          )}
          <FormAlert message={restartReason} />
          <LoginForm onSignedIn={() => goOn()} onCodeStep={setCodeStep} />
        </>
      )}
      {!codeStep && <SocialLoginButtons redirect={redirect} />}
    </AuthCard>
  );
}

/**
 * Finishes a provider sign-in when the provider has sent the shopper back with an ID token; an
 * account with two-factor sign-in on gets a challenge instead, for the code step.
 */
function SocialLoginAnswer({
  onSignedIn,
  onChallenge,
}: {
  onSignedIn: (redirect: string | null) => void;
  onChallenge: (challenge: string, redirect: string | null) => void;
}) {
  const socialLogin = useSocialLogin();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const answer = takeSocialLoginAnswer(window.location.hash);
    if (!answer) return;
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    if ('error' in answer) {
      setError(answer.error);
      return;
    }
    const { redirect, ...input } = answer;
    socialLogin.mutate(input, {
      onSuccess: (reply) => ('challenge' in reply ? onChallenge(reply.challenge, redirect) : onSignedIn(redirect)),
      onError: (e) => setError(e instanceof ApiError ? e.message : 'The sign-in did not work. Please try again.'),
    });
  }, [socialLogin, onSignedIn, onChallenge]);

  if (socialLogin.isPending) {
    return (
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Signing you in…</Text>
      </Stack>
    );
  }
  return <FormAlert message={error} />;
}
