import { accountMessages } from '@domain/accounts/messages';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { InvitationValidation } from '@domain/facility-members';

/** Why an invitation cannot be used (part 1 §5 Invitation). */
export function invitationProblem(invitation: InvitationValidation): string {
  if (invitation.expired) return accountMessages.invitationExpired;
  if (invitation.used) return accountMessages.invitationUsed;
  return accountMessages.invitationInvalid;
}

/** Above the registration form when the link carried ?invite=<token>. */
export function InvitationNotice({
  status,
  invitation,
}: {
  status: 'pending' | 'error' | 'success';
  invitation: InvitationValidation | undefined;
}) {
  if (status === 'pending') {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text fz="sm" c="dimmed">
          Checking your invitation…
        </Text>
      </Group>
    );
  }
  if (status === 'error' || !invitation) {
    return (
      <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle size={20} stroke={1.75} />}>
        {accountMessages.invitationValidationFailed} You can still create your own account below.
      </Alert>
    );
  }
  if (!invitation.valid) {
    return (
      <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle size={20} stroke={1.75} />}>
        {invitationProblem(invitation)} You can still create your own account below.
      </Alert>
    );
  }
  const who = invitation.inviter_name ? `${invitation.inviter_name} invited you` : 'You were invited';
  const where = invitation.facility_name ? ` to join ${invitation.facility_name}` : ' to join a facility';
  const role = invitation.role === 'admin' ? ' as an admin' : invitation.role === 'user' ? ' as a user' : '';
  return (
    <Alert color="tenens" variant="light" role="status" title="You're invited" icon={<IconMailOpened size={20} stroke={1.75} />}>
      {who}
      {where}
      {role} on Tenens. Choose your name and a password to accept.
    </Alert>
  );
}

/**
 * /register?invite= with a link that can no longer be used (expired, used, unknown): a page that
 * says why, instead of the form.
 */
export function InvalidInvitation({ invitation }: { invitation: InvitationValidation }) {
  const message = invitationProblem(invitation);
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" color="yellow" variant="light" aria-hidden>
        <IconAlertTriangle size={30} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} fz={22}>
        {message}
      </Title>
      <Text c="dimmed" maw={420}>
        {invitation.used
          ? 'If you accepted it, sign in with the account you created.'
          : 'Ask a colleague who manages your facility to invite you again.'}
      </Text>
      <Group justify="center" gap="sm">
        <Button component={Link} to="/login">
          Log in
        </Button>
        <Button component={Link} to="/register" variant="default">
          Create your own account
        </Button>
      </Group>
    </Stack>
  );
}

/** After accepting an invitation: the address is confirmed already, so the next step is signing in. */
export function InvitationAccepted({ email }: { email: string }) {
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMailOpened size={30} stroke={1.6} />
      </ThemeIcon>
      <Text maw={420}>
        Your account <strong>{email}</strong> is ready and you have joined your facility on Tenens.
      </Text>
      <Button component={Link} to="/login">
        Log in
      </Button>
    </Stack>
  );
}
