import { accountMessages } from '@domain/accounts/messages';
import { Alert, Loader, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconMailOpened } from '@tabler/icons-react';

import type { InvitationValidation } from '@domain/accounts/invites';

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
