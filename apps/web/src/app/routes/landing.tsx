import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSession } from '../../lib/session/session-context';

/** `/`: the feature pitch; its main button reads 'Launch App' once signed in. */
export function LandingRoute() {
  usePageTitle();
  const session = useSession();
  return (
    <>
      <LandingHero isSignedIn={session.status === 'signedIn'} />
      <FeatureGrid />
      <HowItWorks />
    </>
  );
}
