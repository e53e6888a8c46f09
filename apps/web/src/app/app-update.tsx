/**
 * The app shell's service worker (docs/decisions/269), from the page's side: registered a few
 * seconds after the load event and the opening screen's chunks, so its downloads never compete with
 * the first screen's; and when a new build's worker takes over a page that was already running one,
 * the person is told, and the page reloads into the new build at the next change of screen (a
 * screen's own state is left as it is until then).
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { openingScreenLoaded } from './lazy-page';

export const APP_UPDATED_TITLE = 'Cooler Hub has been updated';
export const APP_UPDATED_MESSAGE = 'The new version opens when you go to another screen.';
const REGISTER_AFTER_LOAD_MS = 3000;
const SERVICE_WORKER_URL = '/sw.js';

export function AppUpdate() {
  const { pathname } = useLocation();
  const current = useRef(pathname);
  current.current = pathname;
  /** The screen that was open when a new build took over; leaving it reloads the page. */
  const [updatedOn, setUpdatedOn] = useState<string | null>(null);

  useEffect(() => {
    const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!sw || import.meta.env.DEV) return;
    // The first worker taking over an uncontrolled page is the first install, not an update.
    let controlled = sw.controller !== null;
    const onControllerChange = () => {
      if (controlled) {
        notifications.show({ id: 'app-updated', title: APP_UPDATED_TITLE, message: APP_UPDATED_MESSAGE, autoClose: false });
        setUpdatedOn((on) => on ?? current.current);
      }
      controlled = true;
    };
    sw.addEventListener('controllerchange', onControllerChange);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = () => {
      sw.register(SERVICE_WORKER_URL).catch((error: unknown) => console.warn('The app shell could not be installed', error));
    };
    // After the load event and the opening screen's chunks: on a slow link those come well after load.
    const afterLoad = () => void openingScreenLoaded().then(() => (timer = setTimeout(register, REGISTER_AFTER_LOAD_MS)));
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      sw.removeEventListener('controllerchange', onControllerChange);
      window.removeEventListener('load', afterLoad);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (updatedOn !== null && pathname !== updatedOn) window.location.reload();
  }, [pathname, updatedOn]);

  return null;
}
