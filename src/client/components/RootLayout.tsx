import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Root of every page: scroll restoration and a thin progress bar while a route (or its code) loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label="Seite wird geladen"
          className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-teal-100"
        >
          <div className="h-full w-1/3 motion-safe:animate-[ui-progress_1s_ease-in-out_infinite] bg-teal-700" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
