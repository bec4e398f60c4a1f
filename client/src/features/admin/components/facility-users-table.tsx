import { personName } from '@domain/shared/format';
import { Table, Text } from '@mantine/core';

import type { FacilityUserView } from '@domain/facilities/facility-view';

import { useIsPhone } from '@/hooks/use-is-phone';

import { EmailVerifiedMark } from './applicants-list';
import { ScrollTable } from '@/components/ui/scroll-table';
import { CardList, RecordCard } from '@/components/ui/record-card';
import { SectionCard } from './section-card';
import { ActiveBadge } from './status-badges';

/** The facility's members: name, email, user type (Admin or User) and status. */
export function FacilityUsersTable({ users, isLoading }: { users: FacilityUserView[] | undefined; isLoading: boolean }) {
  const phone = useIsPhone();
  return (
    <SectionCard title="Facility Users">
      {isLoading ? (
        <Text fz="sm" c="dimmed" role="status">
          Loading users…
        </Text>
      ) : !users || users.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No users found.
        </Text>
      ) : phone ? (
        <CardList label="Facility users">
          {users.map((user) => (
            <RecordCard
              key={user.id}
              name={personName(user) || '—'}
              subtitle={<UserEmail user={user} />}
              badges={<ActiveBadge active={user.is_active} size="sm" w="fit-content" />}
              facts={[{ label: 'User type', value: user.user_type }]}
            />
          ))}
        </CardList>
      ) : (
        <ScrollTable label="Facility users" minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>User type</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td fw={500}>
                  {personName(user) || (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <UserEmail user={user} />
                </Table.Td>
                <Table.Td>{user.user_type}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={user.is_active} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </SectionCard>
  );
}

function UserEmail({ user }: { user: FacilityUserView }) {
  return (
    <>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      <EmailVerifiedMark verified={user.email_verified === true} />
    </>
  );
}
