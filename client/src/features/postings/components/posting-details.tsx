import {
  formatAmount,
  formatCalendarDate,
  formatDate,
  formatDateRange,
  formatMoney,
  formatPlace,
  formatRate,
  formatWeeks,
  pluralize,
} from '@domain/shared/format';
import { usStateName } from '@domain/accounts/us-states';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { PostingView } from '@domain/postings';

import { LODGING_FREQUENCY_LABELS, SUPERVISION_LABELS, formatOnCall, weekDayNames } from '../lib/labels';

import classes from './postings.module.css';

/** The facility and place under the title. */
export function PostingFacilityLine({ posting }: { posting: PostingView }) {
  const location = formatPlace(posting.facility_city, posting.facility_state);
  return (
    <Group gap="md" c="gray.7" fz="sm" wrap="wrap" style={{ rowGap: 4 }}>
      {posting.facility_name && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconBuildingHospital size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text fz="sm" c="gray.6">
            <Text span fz="sm" fw={600} c="gray.8">
              {posting.facility_name}
            </Text>
            {posting.facility_type && ` · ${posting.facility_type}`}
          </Text>
        </Group>
      )}
      {location && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text fz="sm">{location}</Text>
        </Group>
      )}
    </Group>
  );
}

function Fact({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" className={classes.factLabel}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="lg" fw={700} c="gray.9" lh={1.3}>
        {value}
      </Text>
      {detail && (
        <Text fz="sm" c="gray.7" component="dd" m={0}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

/** Schedule in a few words: 'Mon, Tue, Wed · 10 hours a day' or '5 days a week · 8 hours a day'. */
export function scheduleSummary(posting: Pick<PostingView, 'week_days' | 'days_per_week' | 'hours_per_day'>): string {
  const days =
    posting.week_days.length > 0 ? weekDayNames(posting.week_days, 'short') : `${pluralize(posting.days_per_week, 'day')} a week`;
  return `${days} · ${pluralize(posting.hours_per_day, 'hour')} a day`;
}

/** Rate, dates with weeks, contract value and schedule: the summary at the top of the page. */
export function PostingSummary({ posting }: { posting: PostingView }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-label="Summary">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="lg" m={0}>
        <Fact label="Hourly rate" value={formatRate(posting.hourly_rate)} detail={posting.role_type} />
        <Fact
          label="Dates"
          value={formatWeeks(posting.start_date, posting.end_date)}
          detail={formatDateRange(posting.start_date, posting.end_date)}
        />
        <Fact
          label="Est. contract value"
          value={posting.total_contract_value === null ? '—' : formatMoney(posting.total_contract_value)}
          detail="Before allowances"
        />
        <Fact label="Schedule" value={`${pluralize(posting.hours_per_day, 'hr')}/day`} detail={scheduleSummary(posting).split(' · ')[0]} />
      </SimpleGrid>
    </Paper>
  );
}

const EXPIRY_LABELS: Record<PostingView['status'], string> = {
  draft: 'Expires',
  active: 'Takes applications until',
  filled: 'Period ends',
  withdrawn: 'Period ends',
  expired: 'Expired',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" gap="md" wrap="nowrap" align="flex-start" py={10} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text component="dt" fz="sm" c="gray.7" w={{ base: 130, sm: 190 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="sm" c="gray.9" style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="sm" tt="uppercase" lts={0.5} c="gray.7" mb={4}>
        {title}
      </Title>
      <dl style={{ margin: 0 }}>{children}</dl>
    </Stack>
  );
}

/** Every field of the posting, grouped (part 1 §3 'Job posting'). */
export function PostingDetails({ posting }: { posting: PostingView }) {
  const licenseName = usStateName(posting.required_license_state);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} shadow="xs" component="section" aria-labelledby="posting-details-title">
      <Stack gap="xl">
        <Title order={2} fz="lg" id="posting-details-title">
          Job details
        </Title>
        <DetailGroup title="Schedule">
          <Row label="Dates">
            {formatCalendarDate(posting.start_date)} to {formatCalendarDate(posting.end_date)} (
            {formatWeeks(posting.start_date, posting.end_date)})
          </Row>
          <Row label="Working days">{posting.week_days.length > 0 ? weekDayNames(posting.week_days) : 'Any days'}</Row>
          <Row label="Days per week">{posting.days_per_week}</Row>
          <Row label="Hours per day">{posting.hours_per_day}</Row>
          <Row label="On call">{formatOnCall(posting.on_call_ratio)}</Row>
        </DetailGroup>
        <DetailGroup title="Requirements">
          <Row label="Role">{posting.role_type}</Row>
          <Row label="Openings">{pluralize(posting.openings, 'person', 'people')}</Row>
          <Row label="License state">
            {licenseName ? `${licenseName} (${posting.required_license_state})` : posting.required_license_state}
          </Row>
          <Row label="Supervision">{posting.supervision_type ? SUPERVISION_LABELS[posting.supervision_type] : 'Not specified'}</Row>
          <Row label="Procedure types">
            {posting.procedure_types.length === 0 ? (
              'Not specified'
            ) : (
              <Group gap={6} component="span" wrap="wrap">
                {posting.procedure_types.map((type) => (
                  <Badge key={type.id} variant="light" color="tenens" c="tenens.9" tt="none" fw={500} size="md" component="span">
                    {type.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Row>
        </DetailGroup>
        <DetailGroup title="Pay and allowances">
          <Row label="Hourly rate">{formatRate(posting.hourly_rate)}</Row>
          <Row label="Est. contract value">
            {posting.total_contract_value === null ? 'Not available' : formatMoney(posting.total_contract_value)}
          </Row>
          <Row label="Malpractice">
            {posting.malpractice_amount ? `${formatAmount(posting.malpractice_amount)}/hr provided` : 'Not provided'}
          </Row>
          <Row label="Lodging">
            {posting.lodging_amount
              ? `${formatAmount(posting.lodging_amount)}${posting.lodging_frequency ? `, ${LODGING_FREQUENCY_LABELS[posting.lodging_frequency].toLowerCase()}` : ''}`
              : 'None'}
          </Row>
          <Row label="Travel allowance">{posting.travel_allowance_amount ? formatAmount(posting.travel_allowance_amount) : 'None'}</Row>
        </DetailGroup>
        <DetailGroup title="Listing">
          {posting.published_at && <Row label="Published">{formatDate(posting.published_at)}</Row>}
          <Row label={EXPIRY_LABELS[posting.status]}>{formatDate(posting.auto_expire_date)}</Row>
        </DetailGroup>
      </Stack>
    </Paper>
  );
}
