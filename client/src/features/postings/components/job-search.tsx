import { EMPTY_SEARCH_FILTERS, SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchFilters } from '@domain/postings';
import { Badge, Box, Button, CloseButton, Group, NativeSelect, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearchOff } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';

import { loadingRegion } from '@/components/ui/loading-region';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';

import { procedureTypesQueryOptions, useProcedureTypes } from '../api/get-procedure-types';
import { useSavedSearchFilters } from '../api/get-search-filters';
import { useSaveSearchFilters } from '../api/save-search-filters';
import { useSearchPostings } from '../api/search-postings';
import { countLabel, pageCount, pageOfUrl, searchQuery } from '../lib/pagination';
import { describeFilters, hasVisitorFilters, loadVisitorFilters, storeVisitorFilters, withoutFilter } from '../lib/search-filters';

import { PaginationBar } from './pagination-bar';
import { RetryAlert } from './retry-alert';
import { SearchResultCards, SearchResultsTable } from './search-results';

// The filter form (its fields, pickers and validation) loads when first wanted: most visits only
// read the list. Pointing at or focusing "Modify search" starts the download.
const loadFiltersPanel = () => import('./search-filters-panel');
const SearchFiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.SearchFiltersPanel })));

export const JOB_SEARCH_MESSAGES = {
  noResults: 'No jobs found matching your criteria.',
  loadFailed: 'Failed to load job listings',
  saveFailed: 'Your search was applied, but it could not be saved for next time.',
} as const;

/**
 * The filters in force. Signed-in applicants start from their saved filters and save on apply
 * (GET/PUT /applicants/search-filters); everyone else keeps them for the browser session.
 */
function useAppliedFilters(savesFilters: boolean) {
  const saved = useSavedSearchFilters({ enabled: savesFilters });
  const save = useSaveSearchFilters();
  const [chosen, setChosen] = useState<SearchFilters | null>(null);
  // A visitor's filters from earlier in this browser session (checked by their schema, which loads first).
  const [stored, setStored] = useState<SearchFilters | null>(() => (savesFilters || !hasVisitorFilters() ? EMPTY_SEARCH_FILTERS : null));
  useEffect(() => {
    if (stored) return;
    let current = true;
    void loadVisitorFilters().then((filters) => current && setStored(filters));
    return () => {
      current = false;
    };
  }, [stored]);

  const failedToLoad = savesFilters && saved.isError;
  useEffect(() => {
    if (failedToLoad) notifyError('Your saved search filters could not be loaded.');
  }, [failedToLoad]);

  const filters: SearchFilters | null = chosen ?? (savesFilters ? (saved.data ?? (saved.isError ? EMPTY_SEARCH_FILTERS : null)) : stored);

  const apply = (next: SearchFilters) => {
    setChosen(next);
    if (!savesFilters) {
      storeVisitorFilters(next);
      return;
    }
    save.mutate(next, {
      onSuccess: () => notifySuccess('Search filters saved'),
      onError: (error) => notifyError(errorMessage(error, JOB_SEARCH_MESSAGES.saveFailed)),
    });
  };

  return { filters, apply, saving: save.isPending };
}

export interface JobSearchProps {
  /** Signed-in applicants: load the saved filters on mount and save them on apply. */
  savesFilters?: boolean;
}

/**
 * Job search (part 1 §2): the current filters in words, a modify-search panel, a sortable table
 * (cards on phones) sorted and paged by the server, and pagination. Sort, page and page size
 * live in the URL, so going back from a job returns to the same page.
 */
export function JobSearch({ savesFilters = false }: JobSearchProps) {
  const panelId = useId();
  const topRef = useRef<HTMLDivElement>(null);
  const phone = useIsPhone();
  const [urlParams, setUrlParams] = useSearchParams();
  const searchPage = pageOfUrl(urlParams);
  const { sort, page, pageSize } = searchPage;
  const [panelOpen, setPanelOpen] = useState(false);

  const { filters, apply, saving } = useAppliedFilters(savesFilters);
  // Only the filters' summary and form name procedure types: a visitor reading the list needs none,
  // and a fetch on mount would re-render the whole search right after hydration.
  const procedureTypes = useProcedureTypes({ enabled: panelOpen || (filters?.procedureTypes.length ?? 0) > 0 });
  const params = searchQuery(filters ?? EMPTY_SEARCH_FILTERS, searchPage);
  const forApplicant = useAtomValue(currentUserAtom)?.role === 'applicant';
  const queryClient = useQueryClient();
  // Pointing at or focusing "Modify search" fetches what the form needs before it is opened.
  const prepareFiltersPanel = () => {
    void loadFiltersPanel();
    void queryClient.prefetchQuery(procedureTypesQueryOptions());
  };
  const results = useSearchPostings(params, { enabled: filters !== null, personal: forApplicant });

  const updateUrl = (changes: Record<string, string | null>, scroll = false) => {
    setUrlParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (scroll) topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // Past SEARCH_TOTAL_CAP matches the total is the cap (total_capped): the pages reach that far.
  const total = results.data?.total ?? 0;
  const capped = results.data?.total_capped ?? false;
  const pages = pageCount(total, pageSize);
  // The results shrank under the current page (filters elsewhere, postings expired): go to the last
  // page. Only the page count decides; the URL setter is read when it fires.
  const goToLastPage = useEffectEvent((last: number) => updateUrl({ page: last === 1 ? null : String(last) }));
  useEffect(() => {
    if (results.data && !results.isPlaceholderData && page > pages) goToLastPage(pages);
  }, [results.data, results.isPlaceholderData, page, pages]);

  const applyFilters = (next: SearchFilters) => {
    apply(next);
    setPanelOpen(false);
    updateUrl({ page: null });
  };

  const chips = filters ? describeFilters(filters, procedureTypes.data) : [];
  const loading = filters === null || (results.isPending && results.fetchStatus !== 'idle');

  let body;
  if (loading) {
    body = (
      <Stack gap="xs" {...loadingRegion('Loading job listings')}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={phone ? 120 : 56} radius="md" />
        ))}
      </Stack>
    );
  } else if (results.isError && !results.data) {
    body = (
      <RetryAlert
        title={JOB_SEARCH_MESSAGES.loadFailed}
        message={errorMessage(results.error, 'Check your connection and try again.')}
        onRetry={() => void results.refetch()}
      />
    );
  } else if (!results.data || results.data.job_postings.length === 0) {
    body = (
      <Paper withBorder p="xl" shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconSearchOff size={26} stroke={1.6} />
          </ThemeIcon>
          <Text c="gray.8" role="status">
            {JOB_SEARCH_MESSAGES.noResults}
          </Text>
          {chips.length > 0 && (
            <Button variant="default" onClick={() => applyFilters(EMPTY_SEARCH_FILTERS)}>
              Clear all filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    const postings = results.data.job_postings;
    body = (
      <Box aria-busy={results.isFetching} style={{ opacity: results.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}>
        {phone ? (
          <SearchResultCards postings={postings} forApplicant={forApplicant} />
        ) : (
          <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
            <SearchResultsTable
              postings={postings}
              sort={sort}
              onSort={(next) => updateUrl({ sort: next, page: null })}
              forApplicant={forApplicant}
            />
          </Paper>
        )}
        <PaginationBar
          page={Math.min(page, pages)}
          pageSize={pageSize}
          total={total}
          capped={capped}
          onPageChange={(next) => updateUrl({ page: next === 1 ? null : String(next) }, true)}
          onPageSizeChange={(size) => updateUrl({ size: String(size), page: null })}
        />
      </Box>
    );
  }

  return (
    <Stack gap="md" ref={topRef} style={{ scrollMarginTop: 80 }}>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={8} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Text fw={700} c="gray.9" aria-live="polite">
              {loading ? 'Searching…' : results.data ? `${countLabel(total, capped)} ${total === 1 ? 'job' : 'jobs'} found` : 'Job search'}
            </Text>
            <Group gap={6} wrap="wrap" aria-label="Current filters" role="list">
              {chips.length === 0 ? (
                <Text fz="sm" c="gray.7" role="listitem">
                  All active jobs · no filters applied
                </Text>
              ) : (
                chips.map((chip) => (
                  <Badge
                    key={chip.key}
                    role="listitem"
                    size="lg"
                    variant="light"
                    c="tenens.9"
                    tt="none"
                    fw={500}
                    pr={4}
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={`Remove filter: ${chip.label}`}
                        onClick={() => filters && applyFilters(withoutFilter(filters, chip.key))}
                      />
                    }
                  >
                    {chip.label}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              size="sm"
              label="Sort by"
              value={sort}
              onChange={(event) => updateUrl({ sort: event.currentTarget.value, page: null })}
              data={SEARCH_SORTS.map((value) => ({ value, label: SEARCH_SORT_LABELS[value] }))}
            />
            <Button
              variant={panelOpen ? 'filled' : 'light'}
              leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.75} />}
              aria-expanded={panelOpen}
              aria-controls={panelOpen ? panelId : undefined}
              onClick={() => setPanelOpen((open) => !open)}
              onPointerEnter={prepareFiltersPanel}
              onFocus={prepareFiltersPanel}
            >
              Modify search
            </Button>
          </Group>
        </Group>
      </Paper>
      {panelOpen && filters && (
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <SearchFiltersPanel
            key={JSON.stringify(filters)}
            id={panelId}
            filters={filters}
            procedureTypes={procedureTypes.data}
            procedureTypesLoading={procedureTypes.isPending}
            onApply={applyFilters}
            onCancel={() => setPanelOpen(false)}
            saving={saving}
            savesFilters={savesFilters}
          />
        </Suspense>
      )}
      {body}
    </Stack>
  );
}
