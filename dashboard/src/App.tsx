/** Routes: sign-in, the owner's project list, and one section per project page (each page its own chunk). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from "react-router";
import { Loading, ToastProvider } from "./components/ui.js";
import { useSignedIn } from "./lib/use-session.js";
import { OwnerScope } from "./shell/OwnerScope.js";
import { ProjectLayout } from "./shell/ProjectLayout.js";
import { RouteError } from "./shell/RouteError.js";

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading what="the page" />}>
      <Page />
    </Suspense>
  );
}

function RequireSession() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/sign-in?return_to=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <OwnerScope>
      <Outlet />
    </OwnerScope>
  );
}

const router = createBrowserRouter(
  [
    { path: "/sign-in", element: page(() => import("./pages/SignIn.js")), errorElement: <RouteError /> },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: page(() => import("./pages/Projects.js")) },
        { path: "new-project", element: page(() => import("./pages/Projects.js")) },
        {
          path: "projects/:projectId",
          element: <ProjectLayout />,
          children: [
            { index: true, element: page(() => import("./pages/Overview.js")) },
            { path: "connect", element: page(() => import("./pages/Connect.js")) },
            { path: "users", element: page(() => import("./pages/Users.js")) },
            { path: "users/:userId", element: page(() => import("./pages/UserDetail.js")) },
            { path: "teams", element: page(() => import("./pages/Teams.js")) },
            { path: "teams/:teamId", element: page(() => import("./pages/TeamDetail.js")) },
            { path: "permissions", element: page(() => import("./pages/Permissions.js")) },
            { path: "auth-methods", element: page(() => import("./pages/AuthMethods.js")) },
            { path: "domains", element: page(() => import("./pages/Domains.js")) },
            { path: "emails", element: page(() => import("./pages/Emails.js")) },
            { path: "payments", element: page(() => import("./pages/Payments.js")) },
            { path: "api-keys", element: page(() => import("./pages/ApiKeys.js")) },
            { path: "webhooks", element: page(() => import("./pages/Webhooks.js")) },
            { path: "oauth-apps", element: page(() => import("./pages/OAuthApps.js")) },
            { path: "workflows", element: page(() => import("./pages/Workflows.js")) },
            { path: "data-vault", element: page(() => import("./pages/DataVault.js")) },
            { path: "audit-log", element: page(() => import("./pages/AuditLog.js")) },
            { path: "settings", element: page(() => import("./pages/Settings.js")) },
            { path: "*", element: page(() => import("./pages/NotFound.js")) },
          ],
        },
        { path: "*", element: page(() => import("./pages/NotFound.js")) },
      ],
    },
  ],
  { basename: import.meta.env.BASE_URL.replace(/\/$/, "") },
);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 10_000, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
