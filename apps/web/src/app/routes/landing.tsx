import { Suspense, lazy } from 'react';
import { PageSkeleton } from '../../components/page-skeleton';
import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSession } from '../../lib/session/session-context';
import { wasSignedIn } from '../../lib/session/signed-in-hint';

/**
 * The signed-in landing page, in chunks of its own: a signed-out visitor never downloads the
 * dashboard (nor zod, which parses its answer). The dashboard feature shows the figures; the
 * notifications feature renders its latest notifications.
 */
const SignedInDashboard = lazy(async () => {
  const [{ Dashboard }, { RecentNotifications }] = await Promise.all([
    import('../../features/dashboard/components/dashboard'),
    import('../../features/notifications/components/recent-notifications'),
  ]);
  function DashboardPage({ name }: { name: string }) {
    return (
      <Dashboard
        name={name}
        renderNotifications={(items, label) => <RecentNotifications items={items} label={label} />}
      />
    );
  }
  return { default: DashboardPage };
});

/**
 * `/`: signed in (and verified), the dashboard; otherwise the feature pitch, whose main button
 * reads 'Launch App' once signed in (spec part 1, section 2).
 */
export function LandingRoute() {
  usePageTitle();
  const session = useSession();
  // While the session is checked: a browser that was signed in last time waits (so its user never
  // sees the pitch flash before the dashboard); any other visitor gets the pitch at once, which
  // is what a signed-out first visit shows anyway (issue 14: no spinner before the largest paint).
  // The wait shows the dashboard's frame with skeletons, not a bare spinner (issue 27).
  if (session.status === 'loading' && wasSignedIn()) return <PageSkeleton />;
  if (session.user?.isVerified) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <SignedInDashboard name={session.user.displayName} />
      </Suspense>
    );
  }
  return (
    <>
      <LandingHero isSignedIn={session.status === 'signedIn'} />
      <FeatureGrid />
      <HowItWorks />
    </>
  );
}
