import { formatWeeks } from '@domain/shared/format';
import { JOB_FORM_LIMITS, suggestedEndDate } from '@domain/postings';
import { Checkbox, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';

import { WEEK_DAYS } from '../../lib/labels';

import { fieldId, FormSection, numberInputProps, type JobFormState } from './form-section';

/**
 * Dates, working days, days per week, hours per day and on-call. `earliestStart` is today, or an
 * edited posting's start when that is already past (it may stay).
 */
export function ScheduleSection({ form, earliestStart }: { form: JobFormState; earliestStart: string }) {
  const values = form.values;
  const weeks = values.start_date && values.end_date ? formatWeeks(values.start_date, values.end_date) : '';

  return (
    <FormSection title="Schedule" description="Choosing a start date fills in an end date a week later; adjust it as needed.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          size="sm"
          id={fieldId('start_date')}
          type="date"
          label="Start date"
          withAsterisk
          min={earliestStart}
          {...form.getInputProps('start_date')}
          onChange={(event) => {
            const start = event.currentTarget.value;
            form.setFieldValue('start_date', start);
            const end = suggestedEndDate(start, form.getValues().end_date || null);
            if (end !== null && end !== form.getValues().end_date) form.setFieldValue('end_date', end);
          }}
        />
        <TextInput
          size="sm"
          id={fieldId('end_date')}
          type="date"
          label="End date"
          withAsterisk
          min={values.start_date || undefined}
          description={weeks ? `${weeks}, counting the first and the last day` : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('end_date')}
        />
      </SimpleGrid>
      <Checkbox.Group
        id={fieldId('week_days')}
        label="Working days"
        description="Leave all unchecked if any days of the week will do."
        value={values.week_days.map(String)}
        onChange={(selected) => {
          const days = selected.map(Number).sort((a, b) => a - b);
          form.setFieldValue('week_days', days);
          if (days.length > 0) form.setFieldValue('days_per_week', days.length);
        }}
        error={form.errors.week_days}
      >
        <Group gap="md" mt={8}>
          {WEEK_DAYS.map((day) => (
            <Checkbox key={day.value} value={String(day.value)} label={day.short} aria-label={day.name} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NumberInput
          label="Days per week"
          withAsterisk
          min={JOB_FORM_LIMITS.daysPerWeek.min}
          max={JOB_FORM_LIMITS.daysPerWeek.max}
          allowDecimal={false}
          {...numberInputProps(form, 'days_per_week')}
        />
        <NumberInput
          label="Hours per day"
          withAsterisk
          min={JOB_FORM_LIMITS.hoursPerDay.min}
          max={JOB_FORM_LIMITS.hoursPerDay.max}
          step={JOB_FORM_LIMITS.hoursPerDay.step}
          decimalScale={1}
          {...numberInputProps(form, 'hours_per_day')}
        />
        <NumberInput
          label="On-call ratio"
          description="On call every N days; empty: no call"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={JOB_FORM_LIMITS.onCallRatio.min}
          max={JOB_FORM_LIMITS.onCallRatio.max}
          allowDecimal={false}
          placeholder="No call"
          {...numberInputProps(form, 'on_call_ratio')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
