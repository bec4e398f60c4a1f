import { personName } from '@domain/shared/format';
import { Anchor, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import type { ApplicantView } from '@domain/applicants/applicant-view';

import { EMPTY_APPLICANT_FILTERS, filterApplicants, type ApplicantFilters } from '../lib/filters';
import { adminMessages } from '../lib/messages';

import { ApplicantFiltersPanel } from './applicant-filters-panel';
import { RecordList, useListPaging } from './record-list';
import { StatusBadges } from './status-badges';

export interface ApplicantsListProps {
  applicants: ApplicantView[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The applicants tab: the filter panel, the table and its paging (spec part 2 §2). */
export function ApplicantsList({ applicants, isLoading, error, onRetry }: ApplicantsListProps) {
  const [filters, setFilters] = useState<ApplicantFilters>(EMPTY_APPLICANT_FILTERS);
  const filtered = useMemo(() => filterApplicants(applicants ?? [], filters), [applicants, filters]);
  const paging = useListPaging(filtered);

  const apply = (next: ApplicantFilters) => {
    setFilters(next);
    paging.firstPage();
  };

  return (
    <RecordList
      filters={<ApplicantFiltersPanel applied={filters} onApply={apply} />}
      error={error}
      isLoading={isLoading}
      onRetry={onRetry}
      loadFailed={adminMessages.applicantsLoadFailed}
      loadingLabel="Loading applicants…"
      emptyMessage={adminMessages.noApplicants}
      label="Applicants"
      minWidth={940}
      head={
        <>
          <Table.Th>Name</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>License</Table.Th>
          <Table.Th>NPI</Table.Th>
          <Table.Th>LinkedIn</Table.Th>
          <Table.Th>Status</Table.Th>
        </>
      }
      rows={paging.rows.map((applicant) => (
        <ApplicantRow key={applicant.id} applicant={applicant} />
      ))}
      pagination={paging.pagination}
      noun="applicants"
    />
  );
}

/** 'Email verified' / 'Email not verified' as an icon with a text alternative. */
export function EmailVerifiedMark({ verified }: { verified: boolean }) {
  const label = verified ? 'Email verified' : 'Email not verified';
  const Icon = verified ? IconCircleCheckFilled : IconCircleDashed;
  return (
    <Tooltip label={label} withArrow>
      <Group component="span" gap={2} wrap="nowrap" c={verified ? '#1b6b30' : '#a34400'} style={{ display: 'inline-flex' }}>
        <Icon size={14} aria-hidden />
        <Text span fz="xs" fw={500}>
          {verified ? 'Verified' : 'Unverified'}
        </Text>
        <VisuallyHidden>{` (${label.toLowerCase()})`}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}

function ApplicantRow({ applicant }: { applicant: ApplicantView }) {
  const name = personName(applicant) || personName(applicant.user) || 'Unnamed applicant';
  const email = applicant.user?.email;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/admin/applicants/${applicant.id}`} fw={600}>
            {name}
          </Anchor>
          {email ? (
            <Group gap={6} wrap="wrap">
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
              <EmailVerifiedMark verified={applicant.user?.email_verified === true} />
            </Group>
          ) : (
            <Text fz="xs" c="dimmed">
              No email
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{applicant.role_type}</Table.Td>
      <Table.Td>
        {applicant.license_number ? (
          <Stack gap={0}>
            <Text fz="sm">{applicant.license_number}</Text>
            <Text fz="xs" c="dimmed">
              {applicant.license_state ?? ''}
            </Text>
          </Stack>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" ff="monospace">
          {applicant.npi ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {applicant.linkedin_profile ? (
          <Anchor href={applicant.linkedin_profile} target="_blank" rel="noopener noreferrer" fz="sm">
            <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
              View Profile
              <IconExternalLink size={14} aria-hidden />
              <VisuallyHidden>{` of ${name} on LinkedIn (opens in a new tab)`}</VisuallyHidden>
            </Group>
          </Anchor>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadges status={applicant.verification_status} active={applicant.is_active} />
      </Table.Td>
    </Table.Tr>
  );
}
