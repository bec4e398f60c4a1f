import { formatDateRange, formatMoney, formatPlace, formatRate, formatWeeks } from '@domain/shared/format';
import { stateLabel } from '@domain/bids';
import { type PostingSearchResult, type PostingView, type SearchSort } from '@domain/postings';
import { Badge, Button, Card, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

import { bidStateColor } from '@/lib/bid-state-color';

import classes from './postings.module.css';

type SortColumn = 'rate' | 'dates' | 'value';

/** Which sort a column header click asks for, and how the column is sorted now. */
const COLUMN_SORTS: Record<
  SortColumn,
  { next: (current: SearchSort) => SearchSort; state: (current: SearchSort) => 'ascending' | 'descending' | 'none' }
> = {
  rate: {
    next: (current) => (current === 'rate_desc' ? 'rate_asc' : 'rate_desc'),
    state: (current) => (current === 'rate_desc' ? 'descending' : current === 'rate_asc' ? 'ascending' : 'none'),
  },
  dates: {
    next: () => 'start_date',
    state: (current) => (current === 'start_date' ? 'ascending' : 'none'),
  },
  value: {
    next: () => 'contract_value_desc',
    state: (current) => (current === 'contract_value_desc' ? 'descending' : 'none'),
  },
};

const NEXT_SORT_HINTS: Record<SearchSort, string> = {
  newest: 'newest first',
  rate_desc: 'highest rate first',
  rate_asc: 'lowest rate first',
  start_date: 'soonest start first',
  contract_value_desc: 'highest contract value first',
};

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
}) {
  const state = COLUMN_SORTS[column].state(sort);
  const next = COLUMN_SORTS[column].next(sort);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={state}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(next)} c={state === 'none' ? undefined : 'tenens.8'}>
        {label}
        <Icon size={14} stroke={2} aria-hidden style={{ opacity: state === 'none' ? 0.45 : 1 }} />
        <VisuallyHidden>{`, sort ${NEXT_SORT_HINTS[next]}`}</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

function FacilityCell({ posting }: { posting: PostingView }) {
  const location = formatPlace(posting.facility_city, posting.facility_state);
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={500} c="gray.9">
        {posting.facility_name ?? 'Facility'}
      </Text>
      {(location || posting.facility_type) && (
        <Text fz="xs" c="gray.6">
          {[location, posting.facility_type].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** The applicant's own bid on the row, in the words and colour of their bid cards. */
function MyBidBadge({ posting }: { posting: PostingSearchResult }) {
  if (!posting.my_bid) return null;
  return (
    <Badge color={bidStateColor(posting.my_bid.current_state)} variant="dot" size="md" tt="none" className={classes.aboveCover}>
      You bid · {stateLabel(posting.my_bid.current_state, 'applicant')}
    </Badge>
  );
}

/** The id of a result's title, which names its row's action for screen readers. */
const titleIdOf = (posting: PostingView) => `result-${posting.id}-title`;

/**
 * An applicant's next step on a row: apply, or see the bid they already made (both on the job's
 * page, which holds the bid form and the bid). Described by the job's title, so a list of links
 * read aloud tells the rows apart.
 */
function RowAction({ posting }: { posting: PostingSearchResult }) {
  const words = posting.my_bid ? 'View your bid' : 'Apply';
  return (
    <Button
      component={Link}
      to={`/jobs/${posting.id}`}
      size="xs"
      variant={posting.my_bid ? 'light' : 'filled'}
      className={classes.aboveCover}
      aria-describedby={titleIdOf(posting)}
    >
      {words}
    </Button>
  );
}

function contractValueText(posting: PostingView): ReactNode {
  return posting.total_contract_value === null ? (
    <Text span fz="sm" c="gray.6">
      —
    </Text>
  ) : (
    formatMoney(posting.total_contract_value)
  );
}

/** The sortable table of one page of results (desktop). */
export function SearchResultsTable({
  postings,
  sort,
  onSort,
  forApplicant = false,
}: {
  postings: PostingSearchResult[];
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  /** The viewer can bid: each row gets its action (Apply, or View your bid). */
  forApplicant?: boolean;
}) {
  const navigate = useNavigate();
  // The title is the link (keyboard, screen readers); a click anywhere on the row follows it too.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(`/jobs/${id}`);
  };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover={false} aria-label="Job search results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Facility and location</Table.Th>
            <SortHeader column="rate" label="Rate" sort={sort} onSort={onSort} />
            <SortHeader column="dates" label="Dates" sort={sort} onSort={onSort} />
            <SortHeader column="value" label="Contract value" sort={sort} onSort={onSort} />
            {forApplicant && (
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {postings.map((posting) => (
            <Table.Tr key={posting.id} className={classes.tableRow} onClick={(event) => openRow(event, posting.id)}>
              <Table.Td maw={320}>
                <Stack gap={4}>
                  <Text
                    component={Link}
                    id={titleIdOf(posting)}
                    to={`/jobs/${posting.id}`}
                    fw={600}
                    fz="sm"
                    c="tenens.8"
                    style={{ textDecoration: 'none', overflowWrap: 'anywhere' }}
                  >
                    {posting.title}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" color="gray" c="gray.8">
                      {posting.role_type}
                    </Badge>
                    <Text fz="xs" c="gray.6">
                      {posting.required_license_state} license
                    </Text>
                  </Group>
                  <MyBidBadge posting={posting} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <FacilityCell posting={posting} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm" fw={600} c="gray.9" style={{ whiteSpace: 'nowrap' }}>
                  {formatRate(posting.hourly_rate)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateRange(posting.start_date, posting.end_date)}
                </Text>
                <Text fz="xs" c="gray.6">
                  {formatWeeks(posting.start_date, posting.end_date)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" c="gray.8">
                  {contractValueText(posting)}
                </Text>
              </Table.Td>
              {forApplicant && (
                <Table.Td>
                  <RowAction posting={posting} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same results as cards (phones). */
export function SearchResultCards({ postings, forApplicant = false }: { postings: PostingSearchResult[]; forApplicant?: boolean }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Job search results">
      {postings.map((posting) => {
        const titleId = titleIdOf(posting);
        return (
          <Card component="li" key={posting.id} className={classes.linkCard} padding="md" aria-labelledby={titleId}>
            <Stack gap={8}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
                  <Link to={`/jobs/${posting.id}`} className={classes.coverLink}>
                    {posting.title}
                  </Link>
                </Text>
                <Text fw={700} c="tenens.8" style={{ whiteSpace: 'nowrap' }}>
                  {formatRate(posting.hourly_rate)}
                </Text>
              </Group>
              <FacilityCell posting={posting} />
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fz="sm" c="gray.8">
                  {formatDateRange(posting.start_date, posting.end_date)}{' '}
                  <Text span fz="sm" c="gray.6">
                    ({formatWeeks(posting.start_date, posting.end_date)})
                  </Text>
                </Text>
                <Group gap={6}>
                  <Badge size="sm" color="gray" c="gray.8">
                    {posting.role_type}
                  </Badge>
                  {posting.total_contract_value !== null && (
                    <Text fz="sm" c="gray.7">
                      {formatMoney(posting.total_contract_value)} est.
                    </Text>
                  )}
                </Group>
              </Group>
              {forApplicant && (
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <MyBidBadge posting={posting} />
                  <RowAction posting={posting} />
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
