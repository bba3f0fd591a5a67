import { Anchor } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '@/components/ui/notify';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { paths } from '@/lib/paths';
import { PASSWORD_RESET_NOTICE } from './password-reset-notice';

/** /auth/reset-password/{token}: the link from the e-mail; a new password, then log in with it. */
export function Component() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthCard title="Choose a new password">
      <PageMeta title="Reset password" />
      <ResetPasswordForm
        token={token}
        initialEmail={params.get('email') ?? ''}
        onReset={() => {
          notify({ kind: 'success', title: 'Password reset', message: PASSWORD_RESET_NOTICE });
          // The login page says it too, for as long as it is open (a toast goes after a few seconds).
          navigate(paths.login(), { replace: true, state: { passwordReset: true } });
        }}
      />
      <Anchor component={Link} to={paths.forgotPassword()} size="sm" ta="center">
        Need a new link?
      </Anchor>
    </AuthCard>
  );
}
