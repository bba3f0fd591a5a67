import { Anchor } from '@mantine/core';
import { safeRedirectTarget } from '@parade/core/auth-rules';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SocialLoginButtons } from '@/features/auth/components/social-login-buttons';
import { paths } from '@/lib/paths';

/** /auth/register: a new customer account, signed in at once. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  return (
    <AuthCard
      title="Create your account"
      intro={
        <>
          Already have one?{' '}
          <Anchor component={Link} to={paths.login(redirect ?? undefined)} underline="always">
            Log in
          </Anchor>
        </>
      }
    >
      <PageMeta title="Create account" />
      <RegisterForm onRegistered={() => navigate(safeRedirectTarget(redirect, paths.profile()), { replace: true })} />
      <SocialLoginButtons redirect={redirect} />
    </AuthCard>
  );
}
