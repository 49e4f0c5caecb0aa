// Placeholder of the web foundation; the owning issue replaces it with the real component.
export function MaterialsManager(_props: Record<string, unknown>) {
  return null;
}
