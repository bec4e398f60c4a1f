import { addedByLabel, memberName, ROLE_LABELS, TEAM_TEXT, type FacilityUserView } from '@domain/facility-members';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconUserMinus } from '@tabler/icons-react';

import { ScrollTable } from '@/components/ui/scroll-table';

import { formatDate, permissionSummary } from './format';

/** The members table (part 2 §2): Name, Email, Role, Permissions, Added, Added By, and actions. */
export function MembersTable({
  members,
  currentUserId,
  onEdit,
  onRemove,
}: {
  members: FacilityUserView[];
  currentUserId: string | undefined;
  onEdit: (member: FacilityUserView) => void;
  onRemove: (member: FacilityUserView) => void;
}) {
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
              <Table.Td fw={600}>{name}</Table.Td>
              <Table.Td>{member.user.email || TEAM_TEXT.noEmail}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={member.role === 'admin' ? 'tenens' : 'gray'}>
                  {ROLE_LABELS[member.role]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{permissionSummary(member.role, member)}</Text>
              </Table.Td>
              <Table.Td>{formatDate(member.created_at)}</Table.Td>
              <Table.Td>{addedByLabel(member.created_by_user)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {member.role !== 'admin' && (
                    <Tooltip label="Edit permissions">
                      <ActionIcon variant="subtle" aria-label={`Edit permissions of ${name}`} onClick={() => onEdit(member)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {member.id !== currentUserId && (
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
