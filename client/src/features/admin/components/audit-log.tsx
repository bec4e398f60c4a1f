import { AUDIT_EVENT_TYPES, AUDIT_STREAM_LABELS, AUDIT_STREAM_TYPES, type AuditRow, type AuditStreamType } from '@domain/admin/audit';
import { formatDateTime } from '@domain/shared/format';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFilter, IconX } from '@tabler/icons-react';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';

import { downloadAuditCsv } from '../api/download-audit-csv';
import { useAudit } from '../api/get-audit';
import { auditSearchParams, fromLocalInput, readAuditSearch, toLocalInput, type AuditSearch } from '../lib/audit-search';

import { ScrollTable } from '@/components/ui/scroll-table';

const STREAM_COLORS: Record<AuditStreamType, string> = {
  posting: 'blue',
  bid: 'teal',
  facility: 'grape',
  applicant: 'orange',
  subscription: 'gray',
};

/** What the record's panel shows under an event: e.g. the bid's negotiation with its time slider. */
export type RenderAuditRecord = (row: AuditRow) => ReactNode;

/**
 * /admin/audit: every event of the platform, newest first, filtered on the server. The filters
 * live in the URL, so a view can be shared; the export downloads the same view as CSV.
 */
export function AuditLog({ renderRecord }: { renderRecord: RenderAuditRecord }) {
  const [params, setParams] = useSearchParams();
  const search = readAuditSearch(params);
  const audit = useAudit(search);
  const [opened, setOpened] = useState<AuditRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const rows = audit.data?.pages.flatMap((page) => page.rows) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(search);
    } catch (error) {
      setExportError(errorMessage(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Audit log · Tenens</title>
      <Anchor component={Link} to="/admin" fz="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> Admin Dashboard
      </Anchor>
      <PageHeader
        eyebrow="Platform admin"
        title="Audit log"
        description="Every change on the platform, newest first: who did what to which record, and when."
        actions={
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            variant="default"
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      {exportError && (
        <Alert color="red" variant="light" mb="md" withCloseButton onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <AuditFilters key={params.toString()} search={search} onApply={(next) => setParams(auditSearchParams(next))} />
      <AuditResults
        rows={rows}
        audit={audit}
        onOpen={setOpened}
        filtered={Object.keys(search).length > 0}
        onClear={() => setParams(new URLSearchParams())}
      />
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size="lg"
        title={opened ? <Text fw={700}>{opened.event_type}</Text> : null}
      >
        {opened && <AuditDetail row={opened} renderRecord={renderRecord} />}
      </Drawer>
    </Container>
  );
}

/** The filter form: applied on submit (one query per change of mind, not per keystroke). */
function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (search: AuditSearch) => void }) {
  const [draft, setDraft] = useState({
    stream_type: search.stream_type ?? null,
    event_type: search.event_type ?? null,
    actor: search.actor ?? '',
    q: search.q ?? '',
    from: toLocalInput(search.from),
    to: toLocalInput(search.to),
  });
  const streamTypes = AUDIT_STREAM_TYPES.map((type) => ({ value: type, label: AUDIT_STREAM_LABELS[type] }));
  const eventTypes = [
    ...new Set(draft.stream_type ? AUDIT_EVENT_TYPES[draft.stream_type as AuditStreamType] : Object.values(AUDIT_EVENT_TYPES).flat()),
  ].sort();

  const textField = (name: 'actor' | 'q' | 'from' | 'to') => ({
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      stream_type: draft.stream_type ?? undefined,
      event_type: draft.event_type ?? undefined,
      actor: draft.actor,
      q: draft.q,
      from: fromLocalInput(draft.from),
      to: fromLocalInput(draft.to, true),
    });
  };

  return (
    <Paper component="form" withBorder radius="md" p="md" mb="lg" onSubmit={submit} aria-label="Filter the audit log">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput size="sm" label="Actor" placeholder="Email or user id" {...textField('actor')} w={{ base: '100%', sm: 240 }} />
        <TextInput size="sm" label="Record" placeholder="Name or title" {...textField('q')} w={{ base: '100%', sm: 200 }} />
        <Select
          label="Stream"
          placeholder="Any"
          data={streamTypes}
          value={draft.stream_type}
          onChange={(value) => setDraft({ ...draft, stream_type: value, event_type: null })}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Event type"
          placeholder="Any"
          data={eventTypes}
          value={draft.event_type}
          onChange={(value) => setDraft({ ...draft, event_type: value })}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput size="sm" type="datetime-local" label="From" {...textField('from')} w={{ base: 'calc(50% - 6px)', xs: 200 }} />
        <TextInput size="sm" type="datetime-local" label="To" {...textField('to')} w={{ base: 'calc(50% - 6px)', xs: 200 }} />
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          Apply filters
        </Button>
      </Group>
    </Paper>
  );
}

function AuditResults({
  rows,
  audit,
  onOpen,
  filtered,
  onClear,
}: {
  rows: AuditRow[];
  audit: ReturnType<typeof useAudit>;
  onOpen: (row: AuditRow) => void;
  filtered: boolean;
  onClear: () => void;
}) {
  if (audit.isPending) {
    return (
      <Group gap="xs" py="xl" justify="center" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading the audit log…</Text>
      </Group>
    );
  }
  if (audit.isError) {
    return (
      <Alert color="red" variant="light" title="The audit log could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{errorMessage(audit.error, 'Please try again.')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void audit.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Stack gap="sm" align="center">
          <Text fw={600}>{filtered ? 'No events match these filters.' : 'Nothing has happened on the platform yet.'}</Text>
          {filtered && (
            <Button variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
              Clear the filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <ScrollTable label="Audit log" minWidth={920} dense>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Record</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th ta="right">Position</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody fz="sm">
          {rows.map((row) => (
            <AuditTableRow key={row.position} row={row} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </ScrollTable>
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {rows.length} {rows.length === 1 ? 'event' : 'events'} shown{audit.hasNextPage ? ', older ones on request' : ''}
        </Text>
        {audit.hasNextPage && (
          <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            Load older events
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function AuditTableRow({ row, onOpen }: { row: AuditRow; onOpen: (row: AuditRow) => void }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={row.at}>{formatDateTime(row.at)}</time>
      </Table.Td>
      <Table.Td>
        <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => onOpen(row)} aria-haspopup="dialog">
          {row.event_type}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" variant="light" color={STREAM_COLORS[row.stream_type]}>
            {AUDIT_STREAM_LABELS[row.stream_type]}
          </Badge>
          <Anchor component={Link} to={row.record.link} fz="sm" lineClamp={1}>
            {row.record.name || row.record.id.slice(0, 8)}
          </Anchor>
        </Group>
      </Table.Td>
      <Table.Td>
        <ActorCell actor={row.actor} />
      </Table.Td>
      <Table.Td ta="right" c="dimmed" ff="monospace">
        {row.position}
      </Table.Td>
    </Table.Tr>
  );
}

function ActorCell({ actor }: { actor: AuditRow['actor'] }) {
  if (actor.role === 'system')
    return (
      <Text fz="sm" c="dimmed">
        System
      </Text>
    );
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" fw={500} lineClamp={1}>
          {actor.name ?? actor.email ?? 'Unknown'}
        </Text>
        <Badge size="xs" variant="outline" color="gray">
          {actor.role}
        </Badge>
      </Group>
      {actor.email && (
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {actor.email}
        </Text>
      )}
    </Stack>
  );
}

/** One event: its facts, its data as recorded, and the record's own history. */
function AuditDetail({ row, renderRecord }: { row: AuditRow; renderRecord: RenderAuditRecord }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <DetailLine label="When">{formatDateTime(row.at)}</DetailLine>
        <DetailLine label="Record">
          <Anchor component={Link} to={row.record.link}>
            {AUDIT_STREAM_LABELS[row.stream_type]}: {row.record.name || row.record.id}
          </Anchor>
        </DetailLine>
        <DetailLine label="Actor">
          {row.actor.role === 'system'
            ? 'System'
            : `${row.actor.name ?? 'Unknown'}${row.actor.email ? ` <${row.actor.email}>` : ''} as ${row.actor.role}`}
        </DetailLine>
        <DetailLine label="Stream">
          <Code>{row.stream}</Code> version {row.version}, position {row.position}
        </DetailLine>
      </Stack>
      <Stack gap={4}>
        <Text fw={600} fz="sm">
          Event data
        </Text>
        {/* Focusable, so the keyboard can scroll long data too. */}
        <Code block style={{ maxHeight: 280, overflow: 'auto' }} tabIndex={0} aria-label="Event data">
          {JSON.stringify(row.data, null, 2)}
        </Code>
      </Stack>
      {renderRecord(row)}
    </Stack>
  );
}

function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} w={64} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
