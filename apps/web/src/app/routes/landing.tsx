import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/`: the signed-out feature pitch. The signed-in dashboard comes with auth. */
export function LandingRoute() {
  usePageTitle();
  return (
    <>
      <LandingHero />
      <FeatureGrid />
      <HowItWorks />
    </>
  );
}
