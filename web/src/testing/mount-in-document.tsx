import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// React warns unless a test that drives it with act() says so.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders `element` into a fresh node of the (happy-dom) document; the answer unmounts it and empties the body. */
export async function mountInDocument(element: ReactNode): Promise<() => Promise<void>> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(element));
  return async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  };
}
