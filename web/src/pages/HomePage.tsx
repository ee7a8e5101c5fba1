import { usePageTitle } from "../lib/usePageTitle";
import { LandingHero } from "./landing/LandingHero";
import { LandingMarket } from "./landing/LandingMarket";
import { LandingQrBadge } from "./landing/LandingQrBadge";
import { LandingShortcuts } from "./landing/LandingShortcuts";

/** / : the public landing page. */
export default function HomePage() {
  usePageTitle(null);
  return (
    <>
      <LandingHero />
      <LandingShortcuts />
      <LandingMarket />
      <LandingQrBadge />
    </>
  );
}
