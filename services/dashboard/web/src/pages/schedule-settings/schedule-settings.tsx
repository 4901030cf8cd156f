import { Link } from 'react-router';
import { memberApi, request } from '../../api/client.js';
import { useMemberSettings } from '../../api/member-settings.js';
import type { PostingSchedule } from '../../api/plan-types.js';
import { useResource } from '../../api/use-resource.js';
import { PageHeading } from '../../components/layout.js';
import { LoadFailed, Loading } from '../../components/notice.js';
import { useTitle } from '../../components/use-title.js';
import { ScheduleForm } from './schedule-form.js';
import { SettingsForm } from './settings-form.js';
import '../calendar/calendar.css';

/** The member's time zone, approval setting and posting schedule: the rules the calendar and the queue follow. */
export default function ScheduleSettingsPage() {
  useTitle('Schedule & settings');
  const settings = useMemberSettings();
  const schedule = useResource('schedule', (signal) => request<{ schedule: PostingSchedule }>(memberApi('/schedule'), { signal }));
  const error = settings.error ?? schedule.error;
  return (
    <>
      <PageHeading
        actions={
          <Link to="/calendar" className="button secondary">
            Open the calendar
          </Link>
        }
      >
        Schedule &amp; settings
      </PageHeading>
      <p className="lead">Posts you add to the queue go out at the next free time of your posting schedule, by the clock of your time zone.</p>
      {error ? (
        <LoadFailed
          error={error}
          what="Your settings"
          retry={() => {
            settings.reload();
            schedule.reload();
          }}
        />
      ) : null}
      {!error && (!settings.data || !schedule.data) ? <Loading what="your settings" /> : null}
      {settings.data && schedule.data ? (
        <>
          <SettingsForm
            settings={settings.data}
            onSaved={() => {
              settings.reload();
              schedule.reload();
            }}
          />
          <ScheduleForm schedule={schedule.data.schedule} zone={settings.data.time_zone} />
        </>
      ) : null}
    </>
  );
}
