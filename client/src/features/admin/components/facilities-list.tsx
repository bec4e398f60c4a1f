import { formatDate, formatPlace, personName } from '@domain/shared/format';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import type { AdminFacility } from '@/types/api';

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
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice } from '../lib/pagination';

import { ScrollTable } from './data-table';
import { ListPagination } from './list-pagination';
import { StatusBadges } from './status-badges';
import { ListSkeleton } from './list-skeleton';

export interface FacilitiesListProps {
  facilities: AdminFacility[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The facilities tab: search by name or city, verification and active filters, paged on the client. */
export function FacilitiesList({ facilities, isLoading, error, onRetry }: FacilitiesListProps) {
  const [filters, setFilters] = useState<FacilityFilters>(EMPTY_FACILITY_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const filtered = useMemo(() => filterFacilities(facilities ?? [], filters), [facilities, filters]);
  const currentPage = clampPage(page, filtered.length, pageSize);
  const rows = pageSlice(filtered, currentPage, pageSize);

  const update = (change: Partial<FacilityFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search facilities"
          placeholder="Name or city"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          size="sm"
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Verification status"
          data={VERIFICATION_FILTER_OPTIONS}
          value={filters.verification}
          onChange={(value) => update({ verification: (value ?? 'all') as VerificationFilter })}
          allowDeselect={false}
          size="sm"
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Active status"
          data={ACTIVE_FILTER_OPTIONS}
          value={filters.active}
          onChange={(value) => update({ active: (value ?? 'all') as ActiveFilter })}
          allowDeselect={false}
          size="sm"
          w={{ base: '100%', xs: 160 }}
        />
        {hasFacilityFilters(filters) && (
          <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={() => update(EMPTY_FACILITY_FILTERS)}>
            Clear filters
          </Button>
        )}
      </Group>

      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={adminMessages.facilitiesLoadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorMessage(error, adminMessages.facilitiesLoadFailed)}</Text>
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isLoading ? (
        <ListSkeleton label="Loading facilities…" />
      ) : filtered.length === 0 ? (
        <EmptyList message={facilities?.length ? adminMessages.noFacilities : 'No facilities have registered yet.'} />
      ) : (
        <Paper withBorder shadow="xs" radius="lg" style={{ overflow: 'hidden' }}>
          <ScrollTable label="Facilities" minWidth={880}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th>Registered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((facility) => (
                <FacilityRow key={facility.id} facility={facility} />
              ))}
            </Table.Tbody>
          </ScrollTable>
          <Box px="md" pb="md">
            <ListPagination
              page={currentPage}
              pageSize={pageSize}
              total={filtered.length}
              noun="facilities"
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </Box>
        </Paper>
      )}
    </Stack>
  );
}

function FacilityRow({ facility }: { facility: AdminFacility }) {
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

export function EmptyList({ message }: { message: string }) {
  return (
    <Text ta="center" c="dimmed" py="xl" role="status">
      {message}
    </Text>
  );
}
