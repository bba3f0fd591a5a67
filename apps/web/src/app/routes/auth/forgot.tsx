import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { paths } from '@/lib/paths';

/** /auth/forgot: asks for a reset link, then shows 'check your e-mail' (/mail). */
export function Component() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      <PageMeta title="Forgot password" />
      <ForgotPasswordForm onSent={(email) => navigate(paths.checkMail(), { state: { email } })} />
      <Anchor component={Link} to={paths.login()} size="sm" ta="center">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
