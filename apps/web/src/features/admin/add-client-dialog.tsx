// Placeholder of the web foundation; the owning issue replaces it with the real component.
export function AddClientDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
