import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';
import { AuthCard, SignUpFooter } from '@/features/auth/components/auth-card';

/** /forgot-password */
export function ForgotPasswordRoute() {
  return (
    <>
      <title>Forgot your password · Tenens</title>
      <AuthCard
        title="Forgot your password?"
        description="Enter the email you sign in with and we'll send you a link to choose a new password."
        footer={<SignUpFooter />}
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
