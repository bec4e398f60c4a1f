import { accountMessages } from '@domain/accounts/messages';
import { Button, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconMailX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { errorMessage } from '@/lib/api-client';

import { useVerifyEmail } from '../api/verify-email';

import { StatusPanel } from './status-panel';

/** Where a verified person goes, and after how long (part 1 §9). */
export const VERIFIED_REDIRECT_MS = 3000;

/** The state of the page: verifying, success, error, invalid (no token). */
export type VerifyEmailState = 'verifying' | 'success' | 'error' | 'invalid';

/**
 * Confirms the address of the link's token. The token works once, so it is sent exactly once
 * per token even when React runs the effect twice (strict mode) or the page re-renders.
 */
export function VerifyEmail({ token }: { token: string | null }) {
  const verification = useVerifyEmail(token ?? '');
  const sentFor = useRef<string | null>(null);
  const { mutate } = verification;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) return <InvalidLink />;
  if (verification.isSuccess) return <Verified message={verification.data?.message} />;
  if (verification.isError)
    return <VerificationFailed message={errorMessage(verification.error, accountMessages.emailVerificationFailed)} />;
  return (
    <StatusPanel icon={<Loader size="md" color="tenens" aria-hidden />} title="Verifying your email…">
      This takes just a moment.
    </StatusPanel>
  );
}

function Verified({ message }: { message?: string }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(VERIFIED_REDIRECT_MS / 1000);

  useEffect(() => {
    const redirect = window.setTimeout(() => void navigate('/login', { replace: true }), VERIFIED_REDIRECT_MS);
    const tick = window.setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => {
      window.clearTimeout(redirect);
      window.clearInterval(tick);
    };
  }, [navigate]);

  return (
    <StatusPanel
      icon={<IconCircleCheck size={34} stroke={1.5} />}
      color="green"
      title="Email verified"
      actions={
        <>
          <Text fz="sm" c="dimmed">
            Taking you to the login page in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}…
          </Text>
          <Button component={Link} to="/login" replace size="md" fullWidth>
            Go to login now
          </Button>
        </>
      }
    >
      {message || 'Your email address is verified. You can now sign in.'}
    </StatusPanel>
  );
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <StatusPanel icon={<IconMailX size={34} stroke={1.5} />} color="red" title="We couldn't verify your email" actions={<WaysOn />}>
      {message}
    </StatusPanel>
  );
}

function InvalidLink() {
  return (
    <StatusPanel icon={<IconLinkOff size={34} stroke={1.5} />} color="red" title="Invalid verification link" actions={<WaysOn />}>
      {accountMessages.verificationTokenMissing}
    </StatusPanel>
  );
}

function WaysOn() {
  return (
    <>
      <Button component={Link} to="/login" size="md" fullWidth>
        Go to login
      </Button>
      <Button component={Link} to="/register" variant="default" size="md" fullWidth>
        Create an account
      </Button>
      <Text fz="xs" c="dimmed">
        Already registered? Log in and we'll offer to send a new verification link.
      </Text>
    </>
  );
}
