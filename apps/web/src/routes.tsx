import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireNativeDevice } from './components/guards/require-native-device';
import { RequireRole } from './components/guards/require-role';
import { RequireSession } from './components/guards/require-session';
import { AuthLayout } from './components/layouts/auth-layout';
import { MainLayout } from './components/layouts/main-layout';
import { RootLayout } from './components/layouts/root-layout';
import { RouteErrorScreen } from './components/layouts/route-error-screen';
import { SimpleLayout } from './components/layouts/simple-layout';
import { alertsRoute } from './features/alerts/routes';
import { apiKeysRoute } from './features/api-keys/routes';
import { appointmentsRoute } from './features/appointments/routes';
import { createProfileRoute, deviceProfilesRoute } from './features/device-profiles/routes';
import { mailRoute } from './features/mail/routes';
import { measurementsRoute } from './features/measurements/routes';
import { analyticsRoute, incompleteVisitsRoute, patientsRoute } from './features/patients/routes';
import { settingsRoute } from './features/settings/routes';
import { systemSettingsRoutes } from './features/system-settings/routes';
import { userManagementRoute } from './features/user-management/routes';
import { vendorRoute } from './features/vendors/routes';
import { passwordResetRoutes } from './features/password-reset/routes';
import { signupRoutes } from './features/signup/routes';
import { DashboardHomePage } from './pages/dashboard/dashboard-home-page';
import { AddDevicePage } from './pages/devices/add-device-page';
import { DeviceInfoPage } from './pages/devices/device-info-page';
import { DevicesPage } from './pages/devices/devices-page';
import { ErrorLogPage } from './pages/error-log-page';
import { GatewayInfoPage } from './pages/gateways/gateway-info-page';
import { GatewaySetupPage } from './pages/gateways/gateway-setup-page';
import { GatewayWifiPage } from './pages/gateways/gateway-wifi-page';
import { GatewaysPage } from './pages/gateways/gateways-page';
import { HomePage } from './pages/home-page';
import { FaqPage } from './pages/info/faq-page';
import { FeedbackPage } from './pages/info/feedback-page';
import { HelpPage } from './pages/info/help-page';
import { PrivacyPolicyPage } from './pages/info/privacy-policy-page';
import { TermsPage } from './pages/info/terms-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { TelehealthInvitationsPage } from './pages/telehealth-invitations-page';
import { TelehealthVisitPage } from './pages/telehealth-visit-page';
import { ROUTES } from './route-paths';

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
              settingsRoute,
              { element: <RequireRole group="patient" />, children: patientRoutes },
              { element: <RequireRole group="physicianOrNurse" />, children: clinicianRoutes },
              { element: <RequireRole group="clinician" />, children: careTeamRoutes },
              { element: <RequireRole group="admin" />, children: adminRoutes },
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
            ],
          },
          { path: 'telehealth-invitations', element: <TelehealthInvitationsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
