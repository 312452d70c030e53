import { GiftIcon } from "../../components/icons.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PRIZE_DOLLARS, PRIZE_PLACES } from "../../../shared/contest.ts";
import { Disclaimer, EligibilityRules, FreeToPlay, HowItWorks } from "./RulesSections.tsx";
import { StartPicksButton } from "./StartPicksButton.tsx";
import { WeekEligibility } from "./WeekEligibility.tsx";

const PLACES = ["1st", "2nd", "3rd"].slice(0, PRIZE_PLACES);

function PrizePanel() {
  return (
    <section className="contest-hero" aria-labelledby="weekly-prizes">
      <div className="contest-prize">
        <span className="contest-prize-icon">
          <GiftIcon size={26} />
        </span>
        <div>
          <h2 id="weekly-prizes">Weekly Prizes</h2>
          <p>
            The top {PRIZE_PLACES} players of each week each win a ${PRIZE_DOLLARS} gift card. Free to play, play money
            only.
          </p>
        </div>
        <ol className="contest-places" aria-label="Prizes">
          {PLACES.map((place) => (
            <li key={place} className="surface">
              <span className="contest-place">{place}</span>
              <span className="contest-place-prize">${PRIZE_DOLLARS} gift card</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="contest-cta">
        <WeekEligibility />
        <StartPicksButton />
      </div>
    </section>
  );
}

/** /contest-rules (spec §1–2): the weekly contest's prize and rules, with this week's real game count. Public. */
export function ContestRulesPage() {
  return (
    <div className="contest">
      <PageHeader title="Contest Rules" subtitle="Make your picks every week and compete for a gift card. It's free." />
      <PrizePanel />
      <HowItWorks />
      <div className="contest-columns">
        <EligibilityRules />
        <div className="contest-side">
          <FreeToPlay />
          <Disclaimer />
        </div>
      </div>
    </div>
  );
}
