/** Routes: sign-in, the owner's project list, and one section per project page (each page its own chunk). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from "react-router";
import { Loading, ToastProvider } from "./components/ui.js";
import { useSignedIn } from "./lib/use-session.js";
import { OwnerScope } from "./shell/OwnerScope.js";
import { ProjectLayout } from "./shell/ProjectLayout.js";
import { projectSections, type PageLoader } from "./shell/project-sections.js";
import { RouteError } from "./shell/RouteError.js";

function page(load: PageLoader) {
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
            ...projectSections.flatMap(({ path, load, details = [] }) => [
              path === "" ? { index: true, element: page(load) } : { path, element: page(load) },
              ...details.map((detail) => ({ path: detail.path, element: page(detail.load) })),
            ]),
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
