import { createFileRoute } from '@tanstack/react-router';
import { ActivityScreen } from '../../features/admin/activity/activity-screen';

export const Route = createFileRoute('/_admin/admin/activity')({
  component: ActivityScreen,
});
