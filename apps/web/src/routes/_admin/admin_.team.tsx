import { createFileRoute } from '@tanstack/react-router';
import { TeamScreen } from '../../features/admin/team/team-screen';

export const Route = createFileRoute('/_admin/admin_/team')({
  component: TeamScreen,
});
