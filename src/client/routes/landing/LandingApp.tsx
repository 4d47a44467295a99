import { StrictMode } from 'react';
import { OverlayHosts } from '../../components/OverlayHosts';
import { LandingPage } from './LandingPage';

/** The whole landing page `/` as one React tree: prerendered at build time, hydrated in the browser. */
export function LandingApp() {
  return (
    <StrictMode>
      <LandingPage />
      <OverlayHosts />
    </StrictMode>
  );
}
