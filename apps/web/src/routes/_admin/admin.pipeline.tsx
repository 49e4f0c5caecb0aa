import { createFileRoute } from '@tanstack/react-router';
import { PipelinePage } from '../../features/admin/pipeline/pipeline-page';

export const Route = createFileRoute('/_admin/admin/pipeline')({
  component: PipelinePage,
});
