import { createFileRoute } from '@tanstack/react-router';
import { ConflictsScreen } from '../../features/admin/conflicts/conflicts-screen';

export const Route = createFileRoute('/_admin/admin/conflicts')({
  component: ConflictsScreen,
});
