import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

import { PAGE_SIZES, pageCount, pageWindow, showingLabel } from '../lib/pagination';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** 'applicants' -> 'Showing 1-20 of 57 applicants' */
  noun: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * Below an admin list: 'Showing X-Y of N', the page size (10/20/50/100), first/previous/next/last
 * and, when there is more than one page, a strip of at most 5 page numbers around the current one.
 */
export function ListPagination({ page, pageSize, total, noun, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const pages = pageCount(total, pageSize);
  const strip = pages > 1 ? pageWindow(page, pages) : [];
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap" mt="md">
      <Group gap="md" wrap="wrap">
        <Text fz="sm" c="dimmed" role="status" aria-live="polite">
          {showingLabel(page, pageSize, total, noun)}
        </Text>
        <NativeSelect
          size="xs"
          label="Per page"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' },
          }}
        />
      </Group>
      <Pagination.Root total={pages} value={page} onChange={onPageChange} size="sm" aria-label={`Pages of ${noun}`} component="nav">
        <Group gap={4} wrap="nowrap">
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {strip.map((number) => (
            <Pagination.Control
              key={number}
              active={number === page}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </Pagination.Root>
    </Group>
  );
}
