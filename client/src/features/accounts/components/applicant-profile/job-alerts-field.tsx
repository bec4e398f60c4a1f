import {
  JOB_ALERT_FREQUENCIES,
  JOB_ALERT_FREQUENCY_LABELS,
  JOB_ALERT_MESSAGES,
  frequencyDays,
  type JobAlertFrequency,
} from '@domain/alerts/job-alerts';
import { formatDateTime } from '@domain/shared/format';
import { Skeleton, Text } from '@mantine/core';

import { loadingRegion } from '@/components/ui/loading-region';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useJobAlerts } from '../../api/get-job-alerts';
import { useUpdateJobAlerts } from '../../api/update-job-alerts';
import { SegmentedField } from '../fields/segmented-field';

const OPTIONS = JOB_ALERT_FREQUENCIES.map((value) => ({ value, label: JOB_ALERT_FREQUENCY_LABELS[value] }));

/**
 * Job alert emails: daily, weekly or off, saved as soon as it is chosen (it needs no other field),
 * with when the next digest goes out. The profile form keeps its frequency in step through
 * `onFrequencyDays`, so saving the form later does not undo this choice.
 */
export function JobAlertsField({ onFrequencyDays }: { onFrequencyDays: (days: 1 | 7) => void }) {
  const alerts = useJobAlerts();
  const update = useUpdateJobAlerts();

  if (alerts.isPending) return <Skeleton height={64} radius="md" {...loadingRegion('Loading your job alert setting')} />;
  if (alerts.isError) {
    return (
      <Text fz="sm" c="red" role="alert">
        {errorMessage(alerts.error, 'Failed to load your job alert setting')}
      </Text>
    );
  }

  const frequency = update.isPending && update.variables ? update.variables.frequency : alerts.data.frequency;
  const choose = (value: string) => {
    const next = JOB_ALERT_FREQUENCIES.find((choice) => choice === value);
    if (!next) return;
    update.mutate(
      { frequency: next },
      {
        onSuccess: () => {
          if (next !== 'off') onFrequencyDays(frequencyDays(next));
          notifySuccess(JOB_ALERT_MESSAGES.saved);
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to save your job alert setting')),
      },
    );
  };

  return (
    <SegmentedField
      label="Job alert emails"
      description={describe(alerts.data.frequency, alerts.data.next_digest_at)}
      data={OPTIONS}
      value={frequency}
      onChange={choose}
    />
  );
}

function describe(frequency: JobAlertFrequency, next: string | null): string {
  if (frequency === 'off' || !next) return JOB_ALERT_MESSAGES.off;
  return `New jobs matching your saved search, ${frequency === 'daily' ? 'every day' : 'once a week'}. Next digest: ${formatDateTime(next)}.`;
}
