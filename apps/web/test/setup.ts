// jsdom lacks a few browser APIs Mantine relies on.
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy* and waitFor wait for the screen: Testing Library's 1 s is short for a lazily mounted menu or
// dialog on a busy two-core machine, and a wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 5000 });

// Toasts live in a store of the module, not of the rendered tree: a test starts with none left by the one before.
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView ?? (() => {});
// Mantine's autosize Textarea listens for web fonts loading (document.fonts), which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
