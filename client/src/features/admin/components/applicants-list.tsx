import { personName } from '@domain/shared/format';
import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleDashed, IconExternalLink, IconMailCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import type { ApplicantView } from '@domain/applicants/applicant-view';

import { EMPTY_APPLICANT_FILTERS, filterApplicants, type ApplicantFilters } from '../lib/filters';
import { adminMessages } from '../lib/messages';

import { ApplicantFiltersPanel } from './applicant-filters-panel';
import { RecordCard } from '@/components/ui/record-card';
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
      cards={paging.rows.map((applicant) => (
        <ApplicantCard key={applicant.id} applicant={applicant} />
      ))}
      pagination={paging.pagination}
      noun="applicants"
    />
  );
}

/**
 * Whether the person confirmed their email address: 'Email confirmed' / 'Email not confirmed'.
 * Deliberately neutral, never a green 'Verified': confirming an email is not the admins'
 * verification, and a pending record must not read as verified (issue #14).
 */
export function EmailVerifiedMark({ verified }: { verified: boolean }) {
  const Icon = verified ? IconMailCheck : IconCircleDashed;
  return (
    <Group component="span" gap={2} wrap="nowrap" c={verified ? 'gray.7' : '#a34400'} style={{ display: 'inline-flex' }}>
      <Icon size={14} aria-hidden />
      <Text span fz="xs" fw={500}>
        {verified ? 'Email confirmed' : 'Email not confirmed'}
      </Text>
    </Group>
  );
}

const applicantName = (applicant: ApplicantView) => personName(applicant) || personName(applicant.user) || 'Unnamed applicant';

/** The email and whether it is confirmed, or 'No email'. */
function ApplicantEmail({ applicant }: { applicant: ApplicantView }) {
  const email = applicant.user?.email;
  if (!email)
    return (
      <Text fz="xs" c="dimmed">
        No email
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      <EmailVerifiedMark verified={applicant.user?.email_verified === true} />
    </Group>
  );
}

function ApplicantCard({ applicant }: { applicant: ApplicantView }) {
  const license = [applicant.license_number, applicant.license_state].filter(Boolean).join(' · ');
  return (
    <RecordCard
      to={`/admin/applicants/${applicant.id}`}
      name={applicantName(applicant)}
      subtitle={<ApplicantEmail applicant={applicant} />}
      badges={<StatusBadges status={applicant.verification_status} active={applicant.is_active} size="sm" />}
      facts={[
        { label: 'Role', value: applicant.role_type },
        { label: 'License', value: license || '—' },
        { label: 'NPI', value: applicant.npi ?? '—' },
      ]}
    />
  );
}

function ApplicantRow({ applicant }: { applicant: ApplicantView }) {
  const name = applicantName(applicant);
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/admin/applicants/${applicant.id}`} fw={600}>
            {name}
          </Anchor>
          <ApplicantEmail applicant={applicant} />
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
