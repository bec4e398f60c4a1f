import { formatDate, formatPlace, personName } from '@domain/shared/format';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import type { FacilityView } from '@domain/facilities/facility-view';

import {
  ACTIVE_FILTER_OPTIONS,
  EMPTY_FACILITY_FILTERS,
  filterFacilities,
  hasFacilityFilters,
  VERIFICATION_FILTER_OPTIONS,
  type ActiveFilter,
  type FacilityFilters,
  type VerificationFilter,
} from '../lib/filters';
import { adminMessages } from '../lib/messages';

import { RecordCard } from '@/components/ui/record-card';
import { RecordList, useListPaging } from './record-list';
import { StatusBadges } from './status-badges';

export interface FacilitiesListProps {
  facilities: FacilityView[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The facilities tab: search by name or city, verification and active filters, paged on the client. */
export function FacilitiesList({ facilities, isLoading, error, onRetry }: FacilitiesListProps) {
  const [filters, setFilters] = useState<FacilityFilters>(EMPTY_FACILITY_FILTERS);
  const filtered = useMemo(() => filterFacilities(facilities ?? [], filters), [facilities, filters]);
  const paging = useListPaging(filtered);

  const update = (change: Partial<FacilityFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    paging.firstPage();
  };

  return (
    <RecordList
      filters={<FacilityFiltersBar filters={filters} onChange={update} />}
      error={error}
      isLoading={isLoading}
      onRetry={onRetry}
      loadFailed={adminMessages.facilitiesLoadFailed}
      loadingLabel="Loading facilities…"
      emptyMessage={facilities?.length ? adminMessages.noFacilities : 'No facilities have registered yet.'}
      label="Facilities"
      minWidth={880}
      head={
        <>
          <Table.Th>Facility</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Credits</Table.Th>
          <Table.Th>Registered</Table.Th>
        </>
      }
      rows={paging.rows.map((facility) => (
        <FacilityRow key={facility.id} facility={facility} />
      ))}
      cards={paging.rows.map((facility) => (
        <FacilityCard key={facility.id} facility={facility} />
      ))}
      pagination={paging.pagination}
      noun="facilities"
    />
  );
}

/** Search by name or city, verification and active status; filters apply as they change. */
function FacilityFiltersBar({ filters, onChange }: { filters: FacilityFilters; onChange: (change: Partial<FacilityFilters>) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search facilities"
        placeholder="Name or city"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
        size="sm"
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Verification status"
        data={VERIFICATION_FILTER_OPTIONS}
        value={filters.verification}
        onChange={(value) => onChange({ verification: (value ?? 'all') as VerificationFilter })}
        allowDeselect={false}
        size="sm"
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label="Active status"
        data={ACTIVE_FILTER_OPTIONS}
        value={filters.active}
        onChange={(value) => onChange({ active: (value ?? 'all') as ActiveFilter })}
        allowDeselect={false}
        size="sm"
        w={{ base: '100%', xs: 160 }}
      />
      {hasFacilityFilters(filters) && (
        <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={() => onChange(EMPTY_FACILITY_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

function FacilityCard({ facility }: { facility: FacilityView }) {
  return (
    <RecordCard
      to={`/admin/facilities/${facility.id}`}
      name={facility.name}
      subtitle={
        facility.admin?.email && (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {facility.admin.email}
          </Text>
        )
      }
      badges={<StatusBadges status={facility.verification_status} active={facility.is_active} size="sm" />}
      facts={[
        { label: 'Type', value: facility.facility_type ?? '—' },
        { label: 'Location', value: formatPlace(facility.city, facility.state) || '—' },
        { label: 'Credits', value: facility.posting_credits ?? 0 },
        { label: 'Registered', value: formatDate(facility.created_at) },
      ]}
    />
  );
}

function FacilityRow({ facility }: { facility: FacilityView }) {
  const contact = personName(facility.admin) || facility.admin?.email;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/admin/facilities/${facility.id}`} fw={600}>
            {facility.name}
          </Anchor>
          {contact && (
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {facility.admin?.email ?? contact}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {facility.facility_type ?? (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {formatPlace(facility.city, facility.state) || (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadges status={facility.verification_status} active={facility.is_active} />
      </Table.Td>
      <Table.Td ta="right">
        <Badge variant="outline" color="gray" radius="sm">
          {facility.posting_credits ?? 0}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" component="time" dateTime={facility.created_at}>
          {formatDate(facility.created_at)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
