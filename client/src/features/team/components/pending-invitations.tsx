import { addedByLabel, ROLE_LABELS, type FacilityInvitationView } from '@domain/facility-members';
import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ScrollTable } from '@/components/ui/scroll-table';

import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDate, permissionSummary } from './format';

export const INVITATION_TEXT = {
  resent: 'Invitation sent again',
  resendFailed: 'Failed to resend invitation',
  revoked: 'Invitation revoked',
  revokeFailed: 'Failed to revoke invitation',
} as const;

/** Invitations not accepted yet, with Resend (a new link) and Revoke. */
export function PendingInvitations() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const rows = invitations.data ?? [];
  if (rows.length === 0) return null;

  const onResend = (invitation: FacilityInvitationView) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notifySuccess(INVITATION_TEXT.resent),
      onError: (error) => notifyError(errorMessage(error, INVITATION_TEXT.resendFailed)),
    });
  const onRevoke = (invitation: FacilityInvitationView) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => notifySuccess(INVITATION_TEXT.revoked),
      onError: (error) => notifyError(errorMessage(error, INVITATION_TEXT.revokeFailed)),
    });

  return (
    <Stack gap="sm" component="section" aria-label="Pending invitations">
      <Title order={2} fz={20}>
        Pending invitations
      </Title>
      <ScrollTable label="Pending invitations" minWidth={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Invited By</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td fw={600}>{invitation.email}</Table.Td>
              <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
              <Table.Td>
                <Text fz="sm">{permissionSummary(invitation.role, invitation)}</Text>
              </Table.Td>
              <Table.Td>
                {invitation.expired ? (
                  <Badge color="yellow" variant="light">
                    Expired
                  </Badge>
                ) : (
                  formatDate(invitation.expires_at)
                )}
              </Table.Td>
              <Table.Td>{addedByLabel(invitation.invited_by_user)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onResend(invitation)}
                    aria-label={`Resend invitation to ${invitation.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onRevoke(invitation)}
                    aria-label={`Revoke invitation to ${invitation.email}`}
                  >
                    Revoke
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Stack>
  );
}
