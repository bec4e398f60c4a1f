import { PAGE_SIZES } from '@domain/postings';
import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';

import { countLabel, pageCount, pageWindow } from '../lib/pagination';

export interface PaginationBarProps {
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  /** The server counted up to its cap: `total` is the cap, more match ('of 1,000+ jobs'). */
  capped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** What is counted, plural ('jobs'). */
  noun?: string;
}

/**
 * 'Showing 21–40 of 87 jobs', the page size (10/20/50/100) and first / previous / at most five
 * page buttons / next / last (part 1 §9).
 */
export function PaginationBar({
  page,
  pageSize,
  total,
  capped = false,
  onPageChange,
  onPageSizeChange,
  noun = 'jobs',
}: PaginationBarProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const atStart = page <= 1;
  const atEnd = page >= pages;

  return (
    <Group justify="space-between" gap="md" wrap="wrap" mt="md">
      <Group gap="md" wrap="wrap">
        <Text fz="sm" c="gray.7">
          Showing {first}–{last} of {countLabel(total, capped)} {noun}
        </Text>
        <Group gap={8} wrap="nowrap">
          <NativeSelect
            size="xs"
            label="Per page"
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            styles={{
              root: { display: 'flex', alignItems: 'center', gap: 8 },
              label: { fontWeight: 400, color: 'var(--mantine-color-gray-7)' },
            }}
          />
        </Group>
      </Group>
      {pages > 1 && (
        <Group component="nav" aria-label="Pagination" gap={4} wrap="nowrap">
          <ActionIcon variant="default" size={34} aria-label="First page" disabled={atStart} onClick={() => onPageChange(1)}>
            <IconChevronsLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" size={34} aria-label="Previous page" disabled={atStart} onClick={() => onPageChange(page - 1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageWindow(page, pages).map((number) => (
            <Button
              key={number}
              size="compact-sm"
              h={34}
              miw={34}
              px={8}
              variant={number === page ? 'filled' : 'default'}
              aria-label={`Page ${number}`}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => number !== page && onPageChange(number)}
            >
              {number}
            </Button>
          ))}
          <ActionIcon variant="default" size={34} aria-label="Next page" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon variant="default" size={34} aria-label="Last page" disabled={atEnd} onClick={() => onPageChange(pages)}>
            <IconChevronsRight size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
