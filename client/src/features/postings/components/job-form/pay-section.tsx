import { formatMoney, formatRate, pluralize } from '@domain/shared/format';
import { JOB_FORM_LIMITS, LODGING_FREQUENCIES, type LodgingFrequency } from '@domain/postings';
import { Box, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { estimateContract, type JobFormValues } from '../../lib/job-form-values';
import { LODGING_FREQUENCY_LABELS } from '../../lib/labels';
import classes from '../postings.module.css';

import { fieldId, FormSection, numberInputProps, toAmount, type JobFormState } from './form-section';

/**
 * The hourly rate with, beside it, what the market agreed on for this role and state (`insight`,
 * composed by the page), the allowances on top, and the estimated contract value as they are typed.
 */
export function PaySection({ form, insight = null }: { form: JobFormState; insight?: ReactNode }) {
  const values = form.values;
  const hasLodging = typeof values.lodging_amount === 'number' && values.lodging_amount > 0;

  return (
    <FormSection title="Pay and allowances" description="The hourly rate applicants bid on, and what you add on top.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Hourly rate"
          description="Whole dollars per hour"
          withAsterisk
          prefix="$"
          thousandSeparator=","
          min={JOB_FORM_LIMITS.minHourlyRate}
          decimalScale={2}
          {...numberInputProps(form, 'hourly_rate')}
        />
        {insight}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Malpractice"
          description="Dollars per hour, if you cover it"
          prefix="$"
          decimalScale={2}
          min={0}
          placeholder="Not provided"
          {...numberInputProps(form, 'malpractice_amount')}
        />
        <NumberInput
          label="Travel allowance"
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          placeholder="None"
          {...numberInputProps(form, 'travel_allowance_amount')}
        />
        <NumberInput
          label="Lodging allowance"
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          placeholder="None"
          {...numberInputProps(form, 'lodging_amount')}
          onChange={(value) => {
            const next = toAmount(value);
            form.setFieldValue('lodging_amount', next);
            // The frequency only means something with an amount: clear it with the amount.
            if (next === '' || next === 0) form.setFieldValue('lodging_frequency', '');
          }}
        />
        {hasLodging ? (
          <Select
            id={fieldId('lodging_frequency')}
            label="Lodging paid"
            placeholder="Weekly or monthly"
            withAsterisk
            data={LODGING_FREQUENCIES.map((value) => ({ value, label: LODGING_FREQUENCY_LABELS[value] }))}
            value={values.lodging_frequency || null}
            onChange={(value) => form.setFieldValue('lodging_frequency', (value ?? '') as LodgingFrequency | '')}
            error={form.errors.lodging_frequency}
          />
        ) : (
          <Box visibleFrom="sm" />
        )}
      </SimpleGrid>
      <ContractEstimate values={values} />
    </FormSection>
  );
}

function ContractEstimate({ values }: { values: JobFormValues }) {
  const estimate = estimateContract(values);
  return (
    <Box aria-live="polite">
      {estimate ? (
        <Paper bg="tenens.0" p="md" radius="md" withBorder style={{ borderColor: 'var(--mantine-color-tenens-2)' }}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <IconCalculator size={24} stroke={1.6} color="var(--mantine-color-tenens-8)" aria-hidden />
            <Stack gap={2}>
              <Text className={classes.factLabel}>Estimated contract value</Text>
              <Text fz={26} fw={700} c="gray.9" lh={1.2} data-testid="contract-value">
                {formatMoney(estimate.value)}
              </Text>
              <Text fz="xs" c="gray.7">
                {pluralize(Number(values.hours_per_day), 'hour')} × {formatRate(Math.round(Number(values.hourly_rate)))} ×{' '}
                {pluralize(estimate.workingDays, 'working day')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <Text fz="sm" c="gray.6">
          The estimated contract value appears once the dates, days per week, hours per day and rate are filled in.
        </Text>
      )}
    </Box>
  );
}
