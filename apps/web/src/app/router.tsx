import { PAGE_PATHS } from '@teamshuffle/domain';
import { Suspense } from 'react';
import { Route, Routes, matchPath } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error';
import { lazyPage } from '../lib/page-loading';
import { RootLayout } from './root-layout';

/**
 * Each page is its own chunk, fetched when its route is first visited. A chunk that fails or
 * takes longer than the spec's 120 s shows the page's error (a message and a Reload button).
 *
 * React Router in its declarative mode (decision 0008): the app loads no data through the
 * router, and the data router's code weighed 17 kB gzip more on every page.
 */
const AuthPopupComplete = lazyPage(
  async () => (await import('./routes/auth-popup-complete')).AuthPopupCompleteRoute,
);
const Landing = lazyPage(async () => (await import('./routes/landing')).LandingRoute);
const App = lazyPage(async () => (await import('./routes/app')).AppRoute);
const Results = lazyPage(async () => (await import('./routes/results')).ResultsRoute);
const Workspaces = lazyPage(async () => (await import('./routes/workspaces')).WorkspacesRoute);
const Workspace = lazyPage(async () => (await import('./routes/workspace')).WorkspaceRoute);
const WorkspacePrint = lazyPage(
  async () => (await import('./routes/workspace-print')).WorkspacePrintRoute,
);
const WorkspaceJoin = lazyPage(
  async () => (await import('./routes/workspace-join')).WorkspaceJoinRoute,
);
const WorkspacePeerEvaluation = lazyPage(
  async () => (await import('./routes/workspace-peer-evaluation')).WorkspacePeerEvaluationRoute,
);
const Join = lazyPage(async () => (await import('./routes/join')).JoinRoute);
const TeamChat = lazyPage(async () => (await import('./routes/team-chat')).TeamChatRoute);
const Notifications = lazyPage(
  async () => (await import('./routes/notifications')).NotificationsRoute,
);
const Contact = lazyPage(async () => (await import('./routes/contact')).ContactRoute);
const Profile = lazyPage(async () => (await import('./routes/profile')).ProfileRoute);
const ResetPassword = lazyPage(
  async () => (await import('./routes/reset-password')).ResetPasswordRoute,
);
const NotFound = lazyPage(async () => (await import('./routes/not-found')).NotFoundRoute);

/** The pages under the shell, by path (React Router's patterns, written once in the domain). */
const PAGES = [
  { path: PAGE_PATHS.landing, Page: Landing },
  { path: PAGE_PATHS.app, Page: App },
  { path: PAGE_PATHS.results, Page: Results },
  { path: PAGE_PATHS.workspaces, Page: Workspaces },
  { path: PAGE_PATHS.workspaceBySlug, Page: Workspace },
  { path: PAGE_PATHS.workspace, Page: Workspace },
  // The workspace page's sections (issue 22): one page, a section per address.
  { path: PAGE_PATHS.workspaceNotes, Page: Workspace },
  { path: PAGE_PATHS.workspaceNote, Page: Workspace },
  { path: PAGE_PATHS.workspaceAssignments, Page: Workspace },
  { path: PAGE_PATHS.workspaceScores, Page: Workspace },
  { path: PAGE_PATHS.workspaceMembers, Page: Workspace },
  { path: PAGE_PATHS.workspaceGradebook, Page: Workspace },
  { path: PAGE_PATHS.workspaceGrades, Page: Workspace },
  { path: PAGE_PATHS.workspacePrint, Page: WorkspacePrint },
  { path: PAGE_PATHS.workspaceJoin, Page: WorkspaceJoin },
  { path: PAGE_PATHS.workspacePeerEvaluation, Page: WorkspacePeerEvaluation },
  { path: PAGE_PATHS.join, Page: Join },
  { path: PAGE_PATHS.joinCode, Page: Join },
  { path: PAGE_PATHS.teamChat, Page: TeamChat },
  { path: PAGE_PATHS.notifications, Page: Notifications },
  { path: PAGE_PATHS.contact, Page: Contact },
  { path: PAGE_PATHS.profile, Page: Profile },
  { path: PAGE_PATHS.resetPassword, Page: ResetPassword },
] as const;

/**
 * Starts fetching the code of the page at `pathname` (issue 14: the first page's chunk loads
 * side by side with the language strings instead of after them); resolves when it is here.
 */
export function preloadPage(pathname: string): Promise<void> {
  if (matchPath(PAGE_PATHS.authPopupComplete, pathname)) return AuthPopupComplete.preload();
  const page = PAGES.find(({ path }) => matchPath(path, pathname));
  return (page?.Page ?? NotFound).preload();
}

export function AppRoutes() {
  return (
    <Routes>
      {/* The Google popup's last page: no shell, no session check, it only reports and closes. */}
      <Route
        path={PAGE_PATHS.authPopupComplete}
        element={
          <RouteErrorBoundary>
            <Suspense fallback={<PageLoader />}>
              <AuthPopupComplete />
            </Suspense>
          </RouteErrorBoundary>
        }
      />
      {/* The shell keeps the header and side menu on screen while a page loads or fails. */}
      <Route element={<RootLayout />}>
        {PAGES.map(({ path, Page }) =>
          path === PAGE_PATHS.landing ? (
            <Route key={path} index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
