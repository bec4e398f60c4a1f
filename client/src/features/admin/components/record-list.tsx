import { Alert, Box, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

import { errorMessage } from '@/lib/api-client';

import { useIsPhone } from '@/hooks/use-is-phone';
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice } from '../lib/pagination';

import { ScrollTable } from '@/components/ui/scroll-table';
import { CardList } from '@/components/ui/record-card';
import { ListPagination, type ListPaginationProps } from './list-pagination';
import { ListSkeleton } from './list-skeleton';

/** Client-side paging of a filtered list; `firstPage` is for when the filters change. */
export function useListPaging<T>(items: T[]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const currentPage = clampPage(page, items.length, pageSize);
  return {
    rows: pageSlice(items, currentPage, pageSize),
    firstPage: () => setPage(1),
    pagination: {
      page: currentPage,
      pageSize,
      total: items.length,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    },
  };
}

export interface RecordListProps {
  /** The filter controls above the table. */
  filters: ReactNode;
  error: unknown;
  isLoading: boolean;
  onRetry: () => void;
  /** The alert's title and the fallback when the server gives no detail. */
  loadFailed: string;
  loadingLabel: string;
  /** Shown instead of the table when no record passes the filters. */
  emptyMessage: string;
  /** The table's accessible name, e.g. 'Facilities'. */
  label: string;
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  /** The rows of the current page. */
  rows: ReactNode[];
  /** The same records as cards, shown instead of the table on phones (no column cut off). */
  cards: ReactNode[];
  pagination: Omit<ListPaginationProps, 'noun'>;
  /** 'facilities', 'applicants': the paging status names what it counts. */
  noun: string;
}

/**
 * The shell of an admin console list (facilities, applicants): the filters, then a retry on a
 * failed load, a skeleton while loading, a note when nothing matches, or the table (cards on a
 * phone) and its paging.
 */
export function RecordList({
  filters,
  error,
  isLoading,
  onRetry,
  loadFailed,
  loadingLabel,
  emptyMessage,
  label,
  minWidth,
  head,
  rows,
  cards,
  pagination,
  noun,
}: RecordListProps) {
  const phone = useIsPhone();
  return (
    <Stack gap="md">
      {filters}
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorMessage(error, loadFailed)}</Text>
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isLoading ? (
        <ListSkeleton label={loadingLabel} />
      ) : pagination.total === 0 ? (
        <Text ta="center" c="dimmed" py="xl" role="status">
          {emptyMessage}
        </Text>
      ) : (
        <Paper withBorder shadow="xs" radius="lg" style={{ overflow: 'hidden' }}>
          {phone ? (
            <CardList label={label}>{cards}</CardList>
          ) : (
            <ScrollTable label={label} minWidth={minWidth}>
              <Table.Thead>
                <Table.Tr>{head}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows}</Table.Tbody>
            </ScrollTable>
          )}
          <Box px="md" pb="md">
            <ListPagination {...pagination} noun={noun} />
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
