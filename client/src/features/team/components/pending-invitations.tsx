import { addedByLabel, ROLE_LABELS, type FacilityInvitationView } from '@domain/facility-members';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { CardList, RecordCard } from '@/components/ui/record-card';
import { ScrollTable } from '@/components/ui/scroll-table';
import { useIsPhone } from '@/hooks/use-is-phone';

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
  const phone = useIsPhone();
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
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {phone ? (
          <InvitationCards invitations={rows} onResend={onResend} onRevoke={onRevoke} />
        ) : (
          <InvitationRows invitations={rows} onResend={onResend} onRevoke={onRevoke} />
        )}
      </Paper>
    </Stack>
  );
}

interface InvitationListProps {
  invitations: FacilityInvitationView[];
  onResend: (invitation: FacilityInvitationView) => void;
  onRevoke: (invitation: FacilityInvitationView) => void;
}

function Expiry({ invitation }: { invitation: FacilityInvitationView }) {
  return invitation.expired ? (
    <Badge color="yellow" variant="light">
      Expired
    </Badge>
  ) : (
    formatDate(invitation.expires_at)
  );
}

function InvitationActions({
  invitation,
  onResend,
  onRevoke,
}: { invitation: FacilityInvitationView } & Omit<InvitationListProps, 'invitations'>) {
  return (
    <>
      <Button size="xs" variant="default" onClick={() => onResend(invitation)} aria-label={`Resend invitation to ${invitation.email}`}>
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
    </>
  );
}

function InvitationCards({ invitations, onResend, onRevoke }: InvitationListProps) {
  return (
    <CardList label="Pending invitations">
      {invitations.map((invitation) => (
        <RecordCard
          key={invitation.id}
          name={invitation.email}
          facts={[
            { label: 'Role', value: ROLE_LABELS[invitation.role] },
            { label: 'Permissions', value: permissionSummary(invitation.role, invitation) },
            { label: 'Expires', value: <Expiry invitation={invitation} /> },
            { label: 'Invited by', value: addedByLabel(invitation.invited_by_user) },
          ]}
          actions={<InvitationActions invitation={invitation} onResend={onResend} onRevoke={onRevoke} />}
        />
      ))}
    </CardList>
  );
}

function InvitationRows({ invitations, onResend, onRevoke }: InvitationListProps) {
  return (
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
        {invitations.map((invitation) => (
          <Table.Tr key={invitation.id}>
            <Table.Td fw={600}>{invitation.email}</Table.Td>
            <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
            <Table.Td>
              <Text fz="sm">{permissionSummary(invitation.role, invitation)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Expiry invitation={invitation} />
            </Table.Td>
            <Table.Td>{addedByLabel(invitation.invited_by_user)}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <InvitationActions invitation={invitation} onResend={onResend} onRevoke={onRevoke} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
