import { addedByLabel, memberName, ROLE_LABELS, TEAM_TEXT, type FacilityUserView } from '@domain/facility-members';
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconUserMinus } from '@tabler/icons-react';

import { CardList, RecordCard } from '@/components/ui/record-card';
import { ScrollTable } from '@/components/ui/scroll-table';
import { useIsPhone } from '@/hooks/use-is-phone';

import { formatDate, permissionSummary } from './format';

interface MembersProps {
  members: FacilityUserView[];
  currentUserId: string | undefined;
  onEdit: (member: FacilityUserView) => void;
  onRemove: (member: FacilityUserView) => void;
}

/**
 * The members (part 2 §2): Name, Email, Role, Permissions, Added, Added By, and actions. A table,
 * or on a phone one card per member with its actions in reach instead of past the screen's edge.
 */
export function MembersTable(props: MembersProps) {
  return useIsPhone() ? <MemberCards {...props} /> : <MemberRows {...props} />;
}

/** Admins' permissions are all of them: only a user's can be edited. Nobody removes themself here. */
const canEdit = (member: FacilityUserView) => member.role !== 'admin';
const canRemove = (member: FacilityUserView, currentUserId: string | undefined) => member.id !== currentUserId;

function RoleBadge({ member, w }: { member: FacilityUserView; w?: 'fit-content' }) {
  return (
    <Badge variant="light" color={member.role === 'admin' ? 'tenens' : 'gray'} w={w} style={{ flexShrink: 0 }}>
      {ROLE_LABELS[member.role]}
    </Badge>
  );
}

function MemberCards({ members, currentUserId, onEdit, onRemove }: MembersProps) {
  return (
    <CardList label="Facility users">
      {members.map((member) => {
        const name = memberName(member.user);
        return (
          <RecordCard
            key={member.id}
            name={name}
            subtitle={
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {member.user.email || TEAM_TEXT.noEmail}
              </Text>
            }
            badges={<RoleBadge member={member} w="fit-content" />}
            facts={[
              { label: 'Permissions', value: permissionSummary(member.role, member) },
              { label: 'Added', value: formatDate(member.created_at) },
              { label: 'Added by', value: addedByLabel(member.created_by_user) },
            ]}
            actions={
              <>
                {canEdit(member) && (
                  <Button size="xs" variant="default" aria-label={`Edit permissions of ${name}`} onClick={() => onEdit(member)}>
                    Edit permissions
                  </Button>
                )}
                {canRemove(member, currentUserId) && (
                  <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(member)}>
                    Remove
                  </Button>
                )}
              </>
            }
          />
        );
      })}
    </CardList>
  );
}

function MemberRows({ members, currentUserId, onEdit, onRemove }: MembersProps) {
  return (
    <ScrollTable label="Facility users" minWidth={860}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Permissions</Table.Th>
          <Table.Th>Added</Table.Th>
          <Table.Th>Added By</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const name = memberName(member.user);
          return (
            <Table.Tr key={member.id}>
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Table.Td>
              <Table.Td>{member.user.email || TEAM_TEXT.noEmail}</Table.Td>
              <Table.Td>
                <RoleBadge member={member} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{permissionSummary(member.role, member)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(member.created_at)}</Table.Td>
              <Table.Td>{addedByLabel(member.created_by_user)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canEdit(member) && (
                    <Tooltip label="Edit permissions">
                      <ActionIcon variant="subtle" aria-label={`Edit permissions of ${name}`} onClick={() => onEdit(member)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {canRemove(member, currentUserId) && (
                    <Tooltip label="Remove from facility">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(member)}>
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}
