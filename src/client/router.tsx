import type { RouteObject } from 'react-router';
import { PublicLayout } from './components/PublicLayout';
import { RootLayout } from './components/RootLayout';
import { RouteError } from './components/RouteError';
import { guestOnlyLoader, RequireAuth, requireAuthLoader } from './components/RouteGuards';
import { PageSpinner } from './components/ui/Spinner';

// The SPA: every page but the landing page `/`, which is a prerendered page of its own without this
// router (landing.tsx, ADR 0012). Every screen is its own chunk (route-level `lazy`). The server
// knows these paths too (src/shared/spa-paths.ts) to answer any other address with 404.
const notFound: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('./routes/NotFoundPage')).NotFoundPage }),
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            loader: guestOnlyLoader,
            children: [
              {
                path: 'login',
                lazy: async () => ({ Component: (await import('./routes/auth/LoginPage')).LoginPage }),
              },
              {
                path: 'register',
                lazy: async () => ({ Component: (await import('./routes/auth/RegisterPage')).RegisterPage }),
              },
              {
                path: 'register-and-pay',
                lazy: async () => ({
                  Component: (await import('./routes/auth/RegisterAndPayPage')).RegisterAndPayPage,
                }),
              },
              {
                path: 'forgot-password',
                lazy: async () => ({
                  Component: (await import('./routes/auth/ForgotPasswordPage')).ForgotPasswordPage,
                }),
              },
            ],
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./routes/auth/ResetPasswordPage')).ResetPasswordPage,
            }),
          },
          {
            path: 'impressum',
            lazy: async () => ({ Component: (await import('./routes/legal/ImpressumPage')).ImpressumPage }),
          },
          {
            path: 'datenschutz',
            lazy: async () => ({
              Component: (await import('./routes/legal/DatenschutzPage')).DatenschutzPage,
            }),
          },
          {
            path: 'einladung/:token',
            lazy: async () => ({
              Component: (await import('./routes/workspaces/InvitationPage')).InvitationPage,
            }),
          },
          {
            path: 'agb',
            lazy: async () => ({ Component: (await import('./routes/legal/AgbPage')).AgbPage }),
          },
          {
            path: 'widerrufsbelehrung',
            lazy: async () => ({
              Component: (await import('./routes/legal/WiderrufsbelehrungPage')).WiderrufsbelehrungPage,
            }),
          },
          {
            path: 'zahlung-fortsetzen',
            loader: requireAuthLoader,
            Component: RequireAuth,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/auth/ContinueCheckoutPage')).ContinueCheckoutPage,
                }),
              },
            ],
          },
          {
            path: 'paywall',
            loader: requireAuthLoader,
            Component: RequireAuth,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/billing/PaywallPage')).PaywallPage }),
              },
            ],
          },
          notFound,
        ],
      },
      {
        // the built-in test checkout (no Stripe keys): a plain page of its own, like Stripe's
        path: 'testzahlung/:sessionId',
        loader: requireAuthLoader,
        Component: RequireAuth,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/billing/TestCheckoutPage')).TestCheckoutPage,
            }),
          },
        ],
      },
      {
        path: 'dashboard',
        loader: requireAuthLoader,
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./routes/dashboard/DashboardLayout')).DashboardLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/dashboard/DashboardHomePage')).DashboardHomePage,
                }),
              },
              {
                path: 'immobilien',
                lazy: async () => ({
                  Component: (await import('./routes/properties/PropertyListPage')).PropertyListPage,
                }),
              },
              {
                path: 'immobilien/neu',
                lazy: async () => ({
                  Component: (await import('./routes/properties/PropertyFormPage')).PropertyFormPage,
                }),
              },
              {
                path: 'immobilien/:id',
                lazy: async () => ({
                  Component: (await import('./routes/properties/PropertyPage')).PropertyPage,
                }),
              },
              {
                path: 'immobilien/bearbeiten/:id',
                lazy: async () => ({
                  Component: (await import('./routes/properties/PropertyFormPage')).PropertyFormPage,
                }),
              },
              {
                path: 'abrechnungen',
                lazy: async () => ({
                  Component: (await import('./routes/statements/StatementListPage')).StatementListPage,
                }),
              },
              {
                path: 'abrechnungen/neu',
                lazy: async () => ({
                  Component: (await import('./routes/statements/StatementEditorPage')).StatementEditorPage,
                }),
              },
              {
                path: 'abrechnungen/bearbeiten/:id',
                lazy: async () => ({
                  Component: (await import('./routes/statements/StatementEditorPage')).StatementEditorPage,
                }),
              },
              {
                path: 'hausabrechnungen/neu',
                lazy: async () => ({
                  Component: (await import('./routes/settlements/NewSettlementPage')).NewSettlementPage,
                }),
              },
              {
                path: 'hausabrechnungen/:id',
                lazy: async () => ({
                  Component: (await import('./routes/settlements/SettlementPage')).SettlementPage,
                }),
              },
              {
                path: 'belege',
                lazy: async () => ({
                  Component: (await import('./routes/documents/DocumentListPage')).DocumentListPage,
                }),
              },
              {
                path: 'belege/upload',
                lazy: async () => ({
                  Component: (await import('./routes/documents/DocumentUploadPage')).DocumentUploadPage,
                }),
              },
              {
                path: 'zahlungen',
                lazy: async () => ({
                  Component: (await import('./routes/bank/PaymentsPage')).PaymentsPage,
                }),
              },
              {
                path: 'einstellungen',
                lazy: async () => ({
                  Component: (await import('./routes/settings/SettingsPage')).SettingsPage,
                }),
              },
              notFound,
            ],
          },
        ],
      },
    ],
  },
];
