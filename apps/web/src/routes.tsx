import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireNativeDevice } from './components/guards/require-native-device';
import { RequireRole } from './components/guards/require-role';
import { RequireSession } from './components/guards/require-session';
import { AuthLayout } from './components/layouts/auth-layout';
import { RootLayout } from './components/layouts/root-layout';
import { RouteErrorScreen } from './components/layouts/route-error-screen';
import { SimpleLayout } from './components/layouts/simple-layout';
import { alertsRoute } from './features/alerts/routes';
import { apiKeysRoute } from './features/api-keys/routes';
import { integrationsRoute } from './features/integrations/routes';
import { smartAuthorizeRoute } from './features/smart-authorize/routes';
import { appointmentsRoute } from './features/appointments/routes';
import { createProfileRoute, deviceProfilesRoute } from './features/device-profiles/routes';
import { mailRoute } from './features/mail/routes';
import { measurementsRoute } from './features/measurements/routes';
import { analyticsRoute, incompleteVisitsRoute, patientsRoute } from './features/patients/routes';
import { monitoringReportRoute } from './features/monitoring-report/routes';
import { caregiverLinksRoute, caringRoute, myCaregiversRoute } from './features/caregivers/routes';
import { settingsRoute } from './features/settings/routes';
import { systemSettingsRoutes } from './features/system-settings/routes';
import { userManagementRoute } from './features/user-management/routes';
import { vendorRoute } from './features/vendors/routes';
import { visitRecordRoute } from './features/visits/routes';
import { passwordResetRoutes } from './features/password-reset/routes';
import { signupRoutes } from './features/signup/routes';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { ROUTES } from './route-paths';
import { lazyPage, preloadMatches } from './components/layouts/lazy-page';
import type { Language } from './i18n/language';

// Each screen loads on its first visit (issue 16), and so does the signed-in frame (its navigation
// and account menu): the sign-in page does not download them.
const MainLayout = lazyPage(() => import('./components/layouts/main-layout'), 'MainLayout');
const CallFrame = lazyPage(() => import('./features/visits/call/active-call-provider'), 'CallFrame');
const DashboardHomePage = lazyPage(() => import('./pages/dashboard/dashboard-home-page'), 'DashboardHomePage');
const AddDevicePage = lazyPage(() => import('./pages/devices/add-device-page'), 'AddDevicePage');
const DeviceInfoPage = lazyPage(() => import('./pages/devices/device-info-page'), 'DeviceInfoPage');
const DevicesPage = lazyPage(() => import('./pages/devices/devices-page'), 'DevicesPage');
const ErrorLogPage = lazyPage(() => import('./pages/error-log-page'), 'ErrorLogPage');
const GatewayInfoPage = lazyPage(() => import('./pages/gateways/gateway-info-page'), 'GatewayInfoPage');
const GatewaySetupPage = lazyPage(() => import('./pages/gateways/gateway-setup-page'), 'GatewaySetupPage');
const GatewayWifiPage = lazyPage(() => import('./pages/gateways/gateway-wifi-page'), 'GatewayWifiPage');
const GatewaysPage = lazyPage(() => import('./pages/gateways/gateways-page'), 'GatewaysPage');
// With the home this device showed last (the role's home is a chunk of its own).
const HomePage = lazyPage(
  (language?: Language) => import('./pages/home-page').then((page) => page.preloadLastHome(language).then(() => page)),
  'HomePage',
);
const FaqPage = lazyPage(() => import('./pages/info/faq-page'), 'FaqPage');
const FeedbackPage = lazyPage(() => import('./pages/info/feedback-page'), 'FeedbackPage');
const HelpPage = lazyPage(() => import('./pages/info/help-page'), 'HelpPage');
const PrivacyPolicyPage = lazyPage(() => import('./pages/info/privacy-policy-page'), 'PrivacyPolicyPage');
const TermsPage = lazyPage(() => import('./pages/info/terms-page'), 'TermsPage');
const TelehealthInvitationsPage = lazyPage(() => import('./pages/telehealth-invitations-page'), 'TelehealthInvitationsPage');
const TelehealthVisitPage = lazyPage(() => import('./pages/telehealth-visit-page'), 'TelehealthVisitPage');

/** /dashboard and /create-profile: admins only (spec §2). Each feature owns its subtree. */
const adminRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    children: [
      { index: true, element: <DashboardHomePage /> },
      userManagementRoute,
      vendorRoute,
      deviceProfilesRoute,
      apiKeysRoute,
      integrationsRoute,
      caregiverLinksRoute,
      ...systemSettingsRoutes,
    ],
  },
  createProfileRoute,
];

/** Patients only; devices and the gateway's Wi-Fi setup only where Web Bluetooth exists (spec §2). */
const patientRoutes: RouteObject[] = [
  {
    path: 'gateways',
    children: [
      { index: true, element: <GatewaysPage /> },
      { path: 'setup', element: <GatewaySetupPage /> },
      {
        element: <RequireNativeDevice />,
        children: [{ path: 'connect-to-wifi', element: <GatewayWifiPage /> }],
      },
      { path: ':gatewayName', element: <GatewayInfoPage /> },
    ],
  },
  { path: 'help', element: <HelpPage /> },
  measurementsRoute,
  myCaregiversRoute,
  {
    path: 'devices',
    element: <RequireNativeDevice />,
    children: [
      { index: true, element: <DevicesPage /> },
      { path: 'add', element: <AddDevicePage /> },
      { path: ':deviceId', element: <DeviceInfoPage /> },
    ],
  },
];

/** Physicians and nurses only (spec §2). */
const clinicianRoutes: RouteObject[] = [mailRoute, patientsRoute, incompleteVisitsRoute, analyticsRoute];

/** Physicians, nurses and assistants: the whole care team (the alerts inbox). */
const careTeamRoutes: RouteObject[] = [alertsRoute];

/** The one route table of the app (spec §2). Names and full paths: route-paths.ts. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <AuthLayout />,
        children: [{ path: 'login', element: <LoginPage /> }, ...signupRoutes, ...passwordResetRoutes],
      },
      {
        // The call goes on across both frames (picture-in-picture elsewhere in the app).
        element: <CallFrame />,
        children: [
          {
            element: <MainLayout />,
            children: [
              // The menu's information pages: public, and inside the app's frame once signed in.
              { path: 'faqs', element: <FaqPage /> },
              { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
              { path: 'terms-and-conditions', element: <TermsPage /> },
              { path: 'feedback', element: <FeedbackPage /> },
              {
                element: <RequireSession />,
                children: [
                  { index: true, element: <HomePage /> },
                  appointmentsRoute,
                  visitRecordRoute,
                  settingsRoute,
                  caringRoute,
                  { element: <RequireRole group="patient" />, children: patientRoutes },
                  { element: <RequireRole group="physicianOrNurse" />, children: clinicianRoutes },
                  { element: <RequireRole group="clinician" />, children: careTeamRoutes },
                  { element: <RequireRole group="admin" />, children: adminRoutes },
                  { element: <RequireRole group="physicianNurseOrAdmin" />, children: [monitoringReportRoute] },
                ],
              },
            ],
          },
          {
            element: <SimpleLayout />,
            children: [
              { path: 'telehealth-visit', element: <Navigate to={ROUTES.home} replace /> },
              {
                element: <RequireSession />,
                children: [
                  { path: 'telehealth-visit/:visitCode', element: <TelehealthVisitPage /> },
                  { path: 'error-log', element: <ErrorLogPage /> },
                  // Any signed-in person answers an app's request for themselves (smart-authorize).
                  smartAuthorizeRoute,
                ],
              },
              { path: 'telehealth-invitations', element: <TelehealthInvitationsPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The app's router, matched to the address the page opened at once (React Router ranks and compiles
 * every route's pattern for a match: a tenth of a second on a slow phone, issue 16). The lazy frames
 * and screens of that address start downloading now, with their styles and the screens' strings in
 * `language`, before the first render rather than after it; main.tsx waits for `preloaded` beside
 * the first strings and the stored values' checks. Each later address's follow as it is visited.
 */
export function createAppRouter(language: Language) {
  const router = createBrowserRouter(routes);
  router.subscribe((state) => void preloadMatches(state.matches));
  return { router, preloaded: preloadMatches(router.state.matches, language) };
}

export type AppRouter = ReturnType<typeof createAppRouter>['router'];
