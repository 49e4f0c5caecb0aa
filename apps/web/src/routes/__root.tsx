import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../layout/app-layout';
import { NotFound } from '../layout/not-found';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
  notFoundComponent: NotFound,
});
