import type { ReactNode } from "react";
import { Link } from "wouter";
import { PRIZE_DOLLARS, PRIZE_PLACES } from "../../../shared/contest.ts";

function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`contest-section ${className ?? ""}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const STEPS: { title: string; text: ReactNode }[] = [
  {
    title: "Create a free account",
    text: "Sign up with an email address. Your account must exist before the week's first kick-off to count for that week.",
  },
  {
    title: "Make your picks",
    text: "Bet on the week's NFL games with play money: spreads, totals, moneylines and player props. 1 unit is $100 of play money and you start with 50 units.",
  },
  {
    title: "Climb the leaderboard",
    text: (
      <>
        As games finish, your bets settle and the <Link href="/leaderboard">weekly leaderboard</Link> ranks everyone by
        units won.
      </>
    ),
  },
  {
    title: "Win a gift card",
    text: `The top ${PRIZE_PLACES} eligible players of the week each win a $${PRIZE_DOLLARS} gift card, sent electronically within 7 days.`,
  },
];

export function HowItWorks() {
  return (
    <Section id="how-it-works" title="How it Works" className="contest-how">
      <ol className="contest-steps">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <span className="contest-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function FreeToPlay() {
  return (
    <Section id="free-to-play" title="Free to Play">
      <ul className="check-list">
        <li>
          <strong>Free to play.</strong> Joining, betting and competing cost nothing.
        </li>
        <li>
          <strong>No purchase necessary.</strong> Nothing to buy to enter or to win, now or later.
        </li>
        <li>
          <strong>Play money only.</strong> No real money is deposited, wagered or paid out; units have no cash value.
        </li>
      </ul>
    </Section>
  );
}

/** Spec §1's rules, plus DESIGN's decisions: who can win (people, not bots or site admins) and when the account must exist. */
export function EligibilityRules() {
  return (
    <Section id="eligibility-rules" title="Eligibility & Rules">
      <ul className="contest-rules-list">
        <li>
          The top {PRIZE_PLACES} users of each week each win a ${PRIZE_DOLLARS} gift card from a large online retailer,
          awarded electronically within 7 days.
        </li>
        <li>
          Winners are decided by the week's total leaderboard ranking: units won on individual bets, with ties broken by
          ROI, then by number of bets.
        </li>
        <li>
          Bet on all NFL games of the week except one (the week's games minus 1, e.g. 14 of 15). With a single game in
          the week there is no requirement.
        </li>
        <li>Only individual bets count toward the contest; bets placed in a league count for that league only.</li>
        <li>Your account must exist before the week's first kick-off.</li>
        <li>You must be 18 or older.</li>
        <li>One account per person.</li>
        <li>Bots (automated players, marked BOT on the leaderboard) and site admins can't win.</li>
      </ul>
    </Section>
  );
}

export function Disclaimer() {
  return (
    <Section id="disclaimer" title="Disclaimer" className="contest-disclaimer">
      <p>
        NFL Paper Trading is a free game for practice and entertainment. It is not gambling: no real money is wagered
        and no bet has a cash value. Odds and results are shown for the simulation only.
      </p>
      <p>
        Gift cards come from a large online retailer that is not affiliated with this contest and does not sponsor or
        endorse it. NFL Paper Trading is not affiliated with or endorsed by the NFL or its teams; team names identify
        the games only.
      </p>
    </Section>
  );
}
