import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from './ui/confirm';

/**
 * Asks before leaving a page with unsaved changes: in-app navigation through react-router's
 * blocker, closing or reloading the tab through the browser's own prompt. Returns the flag to set.
 */
export function useUnsavedChangesGuard() {
  const dirty = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return dirty.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      title: 'Ungespeicherte Änderungen',
      description: 'Ihre Änderungen sind noch nicht gespeichert. Möchten Sie die Seite trotzdem verlassen?',
      confirmLabel: 'Verlassen',
      cancelLabel: 'Weiter bearbeiten',
      destructive: true,
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return dirty;
}
