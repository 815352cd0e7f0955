import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service-worker rules of the admin spec (§ service worker): /sw.js registered once on load with scope /; a new
 * worker installed while another controls the page asks 'A new version of the app is available. Would you like to
 * update now?'; on confirm the waiting worker is told to skip waiting and the page reloads when the controller changes;
 * a first install (no controller) asks nothing. The browser objects are small EventTargets.
 */
class FakeWorker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}
class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  unregistered = false;
  async unregister() {
    this.unregistered = true;
    return true;
  }
  newWorker() {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

let answer = true;
let registration: FakeRegistration;
let container: EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
let win: EventTarget & { confirm: ReturnType<typeof vi.fn>; location: { reload: ReturnType<typeof vi.fn> } };

async function load(options: { controller: boolean; waiting?: boolean; afterLoad?: boolean }) {
  registration = new FakeRegistration();
  if (options.waiting) registration.waiting = new FakeWorker();
  container = Object.assign(new EventTarget(), { controller: options.controller ? {} : null, register: vi.fn(async () => registration) });
  win = Object.assign(new EventTarget(), { confirm: vi.fn(() => answer), location: { reload: vi.fn() } });
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { readyState: options.afterLoad ? 'complete' : 'loading' });
  vi.resetModules();
  const sw = await import('./register');
  sw.registerServiceWorker();
  if (!options.afterLoad) {
    expect(container.register).not.toHaveBeenCalled(); // only once the page has loaded
    win.dispatchEvent(new Event('load'));
  }
  await vi.waitFor(() => expect(sw.serviceWorkerState.registered).toBe(true));
  return sw;
}
const controllerChanges = () => container.dispatchEvent(new Event('controllerchange'));

beforeEach(() => {
  answer = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('service worker update prompt', () => {
  it('registers /sw.js with scope / once, on load', async () => {
    const sw = await load({ controller: false });
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(sw.serviceWorkerState).toMatchObject({ supported: true, registered: true, updateAvailable: false, registration });
  });

  it('called after the page has loaded (the storefront registers once hydrated and idle): registers at once, once', async () => {
    const sw = await load({ controller: false, afterLoad: true });
    win.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(sw.serviceWorkerState.registered).toBe(true);
  });

  it('a new version installed while a worker controls the page: asks, skips waiting on yes, reloads on the new controller', async () => {
    const sw = await load({ controller: true });
    const worker = registration.newWorker();
    expect(win.confirm).not.toHaveBeenCalled(); // still installing
    worker.install();
    expect(win.confirm).toHaveBeenCalledWith('A new version of the app is available. Would you like to update now?');
    expect(sw.UPDATE_PROMPT).toBe('A new version of the app is available. Would you like to update now?');
    expect(sw.serviceWorkerState.updateAvailable).toBe(true);
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    controllerChanges();
    controllerChanges();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('declined: the update stays flagged, nothing skips waiting, nothing reloads', async () => {
    answer = false;
    const sw = await load({ controller: true });
    const worker = registration.newWorker();
    worker.install();
    expect(win.confirm).toHaveBeenCalledTimes(1);
    expect(sw.serviceWorkerState.updateAvailable).toBe(true);
    expect(worker.messages).toEqual([]);
    controllerChanges();
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('the first install (no controlling worker) asks nothing and its taking control does not reload', async () => {
    const sw = await load({ controller: false });
    registration.newWorker().install();
    controllerChanges();
    expect(win.confirm).not.toHaveBeenCalled();
    expect(sw.serviceWorkerState.updateAvailable).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('a worker already waiting at registration is offered at once', async () => {
    await load({ controller: true, waiting: true });
    expect(win.confirm).toHaveBeenCalledTimes(1);
    expect(registration.waiting!.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('unregister clears the state; an unsupported browser registers nothing', async () => {
    const sw = await load({ controller: true });
    await sw.unregisterServiceWorker();
    expect(registration.unregistered).toBe(true);
    expect(sw.serviceWorkerState).toMatchObject({ registered: false, updateAvailable: false, registration: null });

    vi.stubGlobal('navigator', {});
    vi.resetModules();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const unsupported = await import('./register');
    unsupported.registerServiceWorker();
    expect(unsupported.serviceWorkerState.supported).toBe(false);
    expect(info).toHaveBeenCalledWith('Service workers are not supported in this browser');
    info.mockRestore();
  });
});
