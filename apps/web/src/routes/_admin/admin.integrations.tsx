import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsScreen } from '../../features/admin/integrations/integrations-screen';

export const Route = createFileRoute('/_admin/admin/integrations')({
  component: IntegrationsScreen,
});
