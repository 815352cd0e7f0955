export const UPDATE_PROMPT = 'A new version of the app is available. Would you like to update now?';

export interface ServiceWorkerState {
  supported: boolean;
  registered: boolean;
  updateAvailable: boolean;
  registration: ServiceWorkerRegistration | null;
}

export const serviceWorkerState: ServiceWorkerState = {
  supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  registered: false,
  updateAvailable: false,
  registration: null,
};

let updateAccepted = false;

function promptForUpdate(worker: ServiceWorker) {
  serviceWorkerState.updateAvailable = true;
  if (window.confirm(UPDATE_PROMPT)) {
    updateAccepted = true;
    worker.postMessage({ type: 'SKIP_WAITING' });
  }
}

/**
 * Registers /sw.js once the page has loaded (at once when called later); a new worker installed while another controls
 * the page prompts for an update.
 */
export function registerServiceWorker(): void {
  if (!serviceWorkerState.supported) {
    console.info('Service workers are not supported in this browser');
    return;
  }
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        serviceWorkerState.registered = true;
        serviceWorkerState.registration = registration;
        if (registration.waiting && navigator.serviceWorker.controller) promptForUpdate(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) promptForUpdate(worker);
          });
        });
      })
      .catch((error) => console.error('Service worker registration failed', error));
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // Only an accepted update reloads; the first install taking control does not.
      if (reloading || !updateAccepted) return;
      reloading = true;
      window.location.reload();
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export async function unregisterServiceWorker(): Promise<void> {
  await serviceWorkerState.registration?.unregister();
  serviceWorkerState.registered = false;
  serviceWorkerState.registration = null;
  serviceWorkerState.updateAvailable = false;
}
