import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { RouteError } from '@/components/errors/route-error';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAuth, RequireRole } from '@/lib/authorization';
import { registerNavigator, type Navigator } from '@/lib/navigation';

import { MainLayout, PublicLayout, RootLayout } from './layouts';
import { SERVER_RENDERED_ROUTES, type Prefetch, type RendersAsServer, type RouteHandle } from './server-rendered-routes';

/** The source of the components' style sheet in the build's manifest: page() loads it with the route. */
const COMPONENT_STYLES_MODULE = 'src/styles/components.ts';

/**
 * Lazy-loads one route module and picks its page component. The style sheet of the Mantine
 * components beyond the shell's loads beside it (in parallel, once), so no page renders unstyled.
 */
function page<M extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), import('@/styles/components')]);
    return { Component: pick(module), handle: routeHandle(module, [COMPONENT_STYLES_MODULE]) };
  };
}

/** A page that needs only the shell's styles (styles/mantine-shell.css): it does not wait for the rest. */
function shellPage<M extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const module = await load();
    return { Component: pick(module), handle: routeHandle(module, []) };
  };
}

function routeHandle(module: object, modules: string[]): RouteHandle {
  const prefetch = 'prefetch' in module && typeof module.prefetch === 'function' ? (module.prefetch as Prefetch) : undefined;
  const rendersAsServer =
    'rendersAsServer' in module && typeof module.rendersAsServer === 'function' ? (module.rendersAsServer as RendersAsServer) : undefined;
  return { prefetch, rendersAsServer, modules };
}

/**
 * Every route of the spec's route table (part 1 §2). Pages live in app/routes/, one file per
 * route.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      {
        element: <MainLayout />,
        children: [
          // Public
          {
            id: SERVER_RENDERED_ROUTES.home,
            index: true,
            lazy: shellPage(
              () => import('./routes/home'),
              (m) => m.HomeRoute,
            ),
          },
          {
            id: SERVER_RENDERED_ROUTES.browse,
            path: 'browse',
            lazy: page(
              () => import('./routes/jobs/browse'),
              (m) => m.BrowseJobsRoute,
            ),
          },
          {
            id: SERVER_RENDERED_ROUTES.posting,
            path: 'jobs/:id',
            lazy: page(
              () => import('./routes/jobs/posting'),
              (m) => m.JobPostingRoute,
            ),
          },

          // Any signed-in user
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard',
                lazy: page(
                  () => import('./routes/dashboard/dashboard'),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: 'notifications',
                lazy: page(
                  () => import('./routes/notifications'),
                  (m) => m.NotificationsRoute,
                ),
              },
              {
                path: 'user-profile',
                lazy: page(
                  () => import('./routes/account/user-profile'),
                  (m) => m.UserProfileRoute,
                ),
              },

              {
                element: <RequireRole role="applicant" />,
                children: [
                  {
                    path: 'jobs',
                    lazy: page(
                      () => import('./routes/jobs/search'),
                      (m) => m.JobSearchRoute,
                    ),
                  },
                  {
                    path: 'applicant-profile',
                    lazy: page(
                      () => import('./routes/account/applicant-profile'),
                      (m) => m.ApplicantProfileRoute,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole role="facility_admin" />,
                children: [
                  {
                    path: 'jobs/new',
                    lazy: page(
                      () => import('./routes/jobs/new-job'),
                      (m) => m.NewJobRoute,
                    ),
                  },
                  {
                    path: 'jobs/:id/edit',
                    lazy: page(
                      () => import('./routes/jobs/edit-job'),
                      (m) => m.EditJobRoute,
                    ),
                  },
                  {
                    path: 'facility-profile',
                    lazy: page(
                      () => import('./routes/account/facility-profile'),
                      (m) => m.FacilityProfileRoute,
                    ),
                  },
                  {
                    path: 'payment-history',
                    lazy: page(
                      () => import('./routes/billing/payment-history'),
                      (m) => m.PaymentHistoryRoute,
                    ),
                  },
                  {
                    path: 'payment/success',
                    lazy: page(
                      () => import('./routes/billing/payment-success'),
                      (m) => m.PaymentSuccessRoute,
                    ),
                  },
                  {
                    path: 'facility-users',
                    lazy: page(
                      () => import('./routes/account/facility-users'),
                      (m) => m.FacilityUsersRoute,
                    ),
                  },
                  // Where the product sends a facility after creating its profile (not in the route
                  // table; its behaviour is not specified): the facility dashboard is /dashboard.
                  { path: 'facility-dashboard', element: <Navigate to="/dashboard" replace /> },
                ],
              },
              {
                element: <RequireRole role="admin" />,
                children: [
                  {
                    path: 'admin',
                    lazy: page(
                      () => import('./routes/admin/console'),
                      (m) => m.AdminConsoleRoute,
                    ),
                  },
                  {
                    path: 'admin/audit',
                    lazy: page(
                      () => import('./routes/admin/audit'),
                      (m) => m.AdminAuditRoute,
                    ),
                  },
                  {
                    path: 'admin/facilities/:id',
                    lazy: page(
                      () => import('./routes/admin/facility'),
                      (m) => m.AdminFacilityRoute,
                    ),
                  },
                  {
                    path: 'admin/applicants/:applicantId',
                    lazy: page(
                      () => import('./routes/admin/applicant'),
                      (m) => m.AdminApplicantRoute,
                    ),
                  },
                ],
              },
            ],
          },

          {
            path: '*',
            lazy: page(
              () => import('./routes/not-found'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'login',
            lazy: page(
              () => import('./routes/auth/login'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: 'register',
            lazy: page(
              () => import('./routes/auth/register'),
              (m) => m.RegisterRoute,
            ),
          },
          {
            path: 'verify-email',
            lazy: page(
              () => import('./routes/auth/verify-email'),
              (m) => m.VerifyEmailRoute,
            ),
          },
          {
            path: 'unsubscribe',
            lazy: page(
              () => import('./routes/auth/unsubscribe'),
              (m) => m.UnsubscribeRoute,
            ),
          },
          {
            path: 'forgot-password',
            lazy: page(
              () => import('./routes/auth/forgot-password'),
              (m) => m.ForgotPasswordRoute,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('./routes/auth/reset-password'),
              (m) => m.ResetPasswordRoute,
            ),
          },
          {
            path: 'terms',
            lazy: page(
              () => import('./routes/legal/terms'),
              (m) => m.TermsRoute,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('./routes/legal/privacy'),
              (m) => m.PrivacyRoute,
            ),
          },
          {
            path: 'about',
            lazy: page(
              () => import('./routes/legal/about'),
              (m) => m.AboutRoute,
            ),
          },
        ],
      },
    ],
  },
];

export type AppDataRouter = ReturnType<typeof createBrowserRouter>;

/** Lets code outside React (the API client's 401 handling) navigate with this router. */
export function routerNavigator(router: AppDataRouter): Navigator {
  return {
    location: () => router.state.location,
    navigate: (to, options) => void router.navigate(to, options),
  };
}

let browserRouter: AppDataRouter | null = null;

function getBrowserRouter(): AppDataRouter {
  if (!browserRouter) {
    browserRouter = createBrowserRouter(routes);
    registerNavigator(routerNavigator(browserRouter));
  }
  return browserRouter;
}

/**
 * Router state changes are ordinary React updates (no transitions), so they render together with
 * the session changes made right after a navigation (log out, 401): a guard never sees the new
 * session on the old page.
 */
export function AppRouterProvider({ router }: { router: AppDataRouter }) {
  return <RouterProvider router={router} useTransitions={false} />;
}

/**
 * The router for a page the server rendered (main.tsx): the matched routes' modules load first,
 * so the first render is the page itself, as the server rendered it, not the loading fallback.
 */
export async function createHydratingRouter(): Promise<AppDataRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  return getBrowserRouter();
}

export function AppRouter({ router = getBrowserRouter() }: { router?: AppDataRouter }) {
  return <AppRouterProvider router={router} />;
}
