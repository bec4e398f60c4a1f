import { JOB_ALERT_MESSAGES } from '@domain/alerts/job-alerts';
import { Button, Loader } from '@mantine/core';
import { IconBellOff, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '@/lib/api-client';

import { useUnsubscribeJobAlerts } from '../api/unsubscribe-job-alerts';

import { StatusPanel } from './status-panel';

/**
 * The unsubscribe link of a job alert email: one click turns alerts off, signed in or not (the
 * link's signed token is enough). Sent once per token, even when React runs the effect twice.
 */
export function UnsubscribeJobAlerts({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeJobAlerts();
  const sentFor = useRef<string | null>(null);
  const { mutate } = unsubscribe;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token || unsubscribe.isError) {
    const message = token ? errorMessage(unsubscribe.error, JOB_ALERT_MESSAGES.unsubscribeInvalid) : JOB_ALERT_MESSAGES.unsubscribeInvalid;
    return (
      <StatusPanel icon={<IconLinkOff size={34} stroke={1.5} />} color="red" title="We couldn't unsubscribe you" actions={<WaysOn />}>
        {message} You can turn job alerts off in your profile instead.
      </StatusPanel>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusPanel icon={<IconBellOff size={34} stroke={1.5} />} color="green" title="You're unsubscribed" actions={<WaysOn />}>
        {unsubscribe.data.message}
      </StatusPanel>
    );
  }
  return (
    <StatusPanel icon={<Loader size="md" color="tenens" aria-hidden />} title="Turning off job alerts…">
      This takes just a moment.
    </StatusPanel>
  );
}

function WaysOn() {
  return (
    <>
      <Button component={Link} to="/applicant-profile" size="md" fullWidth>
        Job alert settings
      </Button>
      <Button component={Link} to="/browse" variant="default" size="md" fullWidth>
        Browse jobs
      </Button>
    </>
  );
}
