// Placeholder of the web foundation; the owning issue replaces it with the real component.
export function AdminDashboard(_props: Record<string, unknown>) {
  return null;
}
